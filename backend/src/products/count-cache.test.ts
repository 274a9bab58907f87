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
});
