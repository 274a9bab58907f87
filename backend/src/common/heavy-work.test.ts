import { TooManyRequestsError } from './errors';
import { HeavyWork, heavyWorkLimits } from './heavy-work';

/** A task that runs until `finish` is called. */
function held() {
  let finish!: () => void;
  const done = new Promise<void>((resolve) => (finish = resolve));
  return { work: () => done, finish };
}

describe('heavyWorkLimits', () => {
  it('keeps at least half the pool for ordinary requests, once there is a connection to keep', () => {
    expect([1, 2, 3, 4, 10, 20].map((poolMax) => ({ poolMax, ...heavyWorkLimits(poolMax) }))).toEqual([
      { poolMax: 1, total: 1, perKind: 1 },
      { poolMax: 2, total: 1, perKind: 1 },
      { poolMax: 3, total: 1, perKind: 1 },
      { poolMax: 4, total: 2, perKind: 1 },
      { poolMax: 10, total: 5, perKind: 2 },
      { poolMax: 20, total: 10, perKind: 5 },
    ]);
  });
});

describe('HeavyWork', () => {
  it('runs a kind in its slots, refuses one more with a 429 and Retry-After, and gives a slot back when a task settles', async () => {
    const imports = new HeavyWork('busy');
    const [a, b] = [held(), held()];
    const running = [imports.run(10, a.work), imports.run(10, b.work)];
    expect(() => imports.assertSlotFree(10)).toThrow(TooManyRequestsError);
    await expect(imports.run(10, async () => 'never')).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', message: 'busy', retryAfterSeconds: 5 });
    a.finish();
    await running[0];
    await expect(imports.run(10, async () => 'next')).resolves.toBe('next');
    b.finish();
    await running[1];
  });

  it('gives the slot back when the work fails', async () => {
    const exports = new HeavyWork('busy');
    await expect(exports.run(2, async () => Promise.reject(new Error('cursor lost')))).rejects.toThrow('cursor lost');
    await expect(exports.run(2, async () => 'again')).resolves.toBe('again');
  });

  it('counts every kind against the share of the pool they have together', async () => {
    const imports = new HeavyWork('imports busy');
    const exports = new HeavyWork('exports busy');
    const task = held();
    const running = imports.run(2, task.work);
    await expect(exports.run(2, async () => 'never')).rejects.toMatchObject({ message: 'exports busy' });
    task.finish();
    await running;
    await expect(exports.run(2, async () => 'now')).resolves.toBe('now');
  });
});
