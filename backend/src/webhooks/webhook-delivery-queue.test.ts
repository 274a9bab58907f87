import { RETRY_DELAY_MAX_MS, nextAttemptDelayMs } from './webhook-delivery-queue';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/** When each attempt of a delivery that never succeeds is made, from its first failure on (ms). */
function attemptTimes(retryDelaySeconds: number, windowMs: number): number[] {
  const times = [0];
  for (let attempt = 1; times.at(-1)! < windowMs; attempt += 1) {
    const now = times.at(-1)!;
    times.push(now + Math.ceil(nextAttemptDelayMs(attempt, retryDelaySeconds, windowMs - now) / 1000) * 1000);
  }
  return times;
}

describe('the attempts of a failing delivery', () => {
  it('wait twice as long each time from the retry delay, at most two hours', () => {
    const gaps = attemptTimes(30, DAY)
      .slice(1, 11)
      .map((time, i, times) => time - (i === 0 ? 0 : times[i - 1]));
    expect(gaps.map((gap) => gap / 1000)).toEqual([30, 60, 120, 240, 480, 960, 1920, 3840, 7200, 7200]);
    expect(RETRY_DELAY_MAX_MS).toBe(2 * HOUR);
  });

  it('last exactly as long as the failure window: the last attempt is the one at its end, which turns the webhook off', () => {
    const times = attemptTimes(30, DAY);
    expect(times.at(-1)).toBe(DAY);
    expect(times.at(-2)).toBeLessThan(DAY);
    // About a day of attempts: the doubling's first two hours, then one every two hours.
    expect(times.length).toBeGreaterThanOrEqual(18);
    expect(times.length).toBeLessThanOrEqual(22);
  });

  it('never wait past the end of the window, however late in it a delivery first fails', () => {
    expect(nextAttemptDelayMs(1, 30, 10_000)).toBe(10_000);
    expect(nextAttemptDelayMs(9, 30, 5 * HOUR)).toBe(RETRY_DELAY_MAX_MS);
    expect(nextAttemptDelayMs(3, 1, 0)).toBe(0);
    expect(attemptTimes(1, 2_000)).toEqual([0, 1_000, 2_000]);
    // A very long-failing delivery does not overflow the doubling.
    expect(nextAttemptDelayMs(5_000, 30, DAY)).toBe(RETRY_DELAY_MAX_MS);
  });
});
