import { CountCache } from './count-cache';

describe('CountCache', () => {
  it('gives a count back only while the catalogue has not changed', () => {
    const cache = new CountCache();
    cache.set('owner|steel', '7', 42);
    expect(cache.get('owner|steel', '7')).toBe(42);
    expect(cache.get('owner|steel', '8')).toBeUndefined();
    // A stale entry is dropped, not kept for a later match.
    expect(cache.get('owner|steel', '7')).toBeUndefined();
    expect(cache.get('owner|lamp', '7')).toBeUndefined();
  });

  it('forgets the least recently used filter beyond its size', () => {
    const cache = new CountCache(2);
    cache.set('a', '1', 1);
    cache.set('b', '1', 2);
    expect(cache.get('a', '1')).toBe(1);
    cache.set('c', '1', 3);
    expect(cache.size).toBe(2);
    expect(cache.get('b', '1')).toBeUndefined();
    expect(cache.get('a', '1')).toBe(1);
    expect(cache.get('c', '1')).toBe(3);
  });

  it('keeps a count from an earlier catalogue only when the caller accepts it', () => {
    const cache = new CountCache<{ total: number; isEstimate: boolean }>();
    cache.set('big', '7', { total: 60_000, isEstimate: true });
    const fewerThan5WritesBefore = (now: string) => (count: { isEstimate: boolean }, countedAt: string) => count.isEstimate && Number(now) - Number(countedAt) < 5;
    expect(cache.get('big', '9', fewerThan5WritesBefore('9'))).toEqual({ total: 60_000, isEstimate: true });
    expect(cache.get('big', '20', fewerThan5WritesBefore('20'))).toBeUndefined();
    expect(cache.get('big', '7')).toBeUndefined();
  });
});
