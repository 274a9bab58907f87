import { estimatedTotal } from './match-count.queries';

describe('estimatedTotal', () => {
  it('rounds the planner’s estimate to two significant figures, as "about 49,000" reads', () => {
    expect(estimatedTotal(48_712, 10_000)).toBe(49_000);
    expect(estimatedTotal(59_721.4, 10_000)).toBe(60_000);
    expect(estimatedTotal(1_234_567, 10_000)).toBe(1_200_000);
  });

  it('never says fewer than the count found past the cap', () => {
    expect(estimatedTotal(3, 5)).toBe(6);
    expect(estimatedTotal(9_000, 10_000)).toBe(10_001);
  });
});
