import { Semaphore, SemaphoreFullError } from './semaphore';

const deferred = () => {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
};
const settle = () => new Promise((r) => setImmediate(r));

describe('Semaphore', () => {
  it('never runs more than `limit` tasks at once and runs queued tasks in order', async () => {
    const semaphore = new Semaphore(2);
    let active = 0;
    let peak = 0;
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, deferred);
    const runs = gates.map((gate, i) =>
      semaphore.run(async () => {
        started.push(i);
        peak = Math.max(peak, ++active);
        await gate.promise;
        active--;
        return i;
      }),
    );
    await settle();
    expect(started).toEqual([0, 1]);
    gates[1].resolve();
    await settle();
    expect(started).toEqual([0, 1, 2]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3, 4]);
    expect(peak).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4]);
  });

  it('releases its slot when a task fails', async () => {
    const semaphore = new Semaphore(1);
    await expect(semaphore.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(semaphore.run(async () => 'next')).resolves.toBe('next');
    expect(semaphore.active).toBe(0);
  });

  it('keeps the limit under a burst', async () => {
    const semaphore = new Semaphore(3);
    let active = 0;
    let peak = 0;
    await Promise.all(
      Array.from({ length: 50 }, () =>
        semaphore.run(async () => {
          peak = Math.max(peak, ++active);
          await new Promise((r) => setImmediate(r));
          active--;
        }),
      ),
    );
    expect(peak).toBe(3);
    expect(active).toBe(0);
  });

  it.each([0, 1, 2, 3, 4, 5, 6])(
    'hands a freed slot to the first waiter: a task arriving %i microtasks after the first one ends neither jumps the queue nor exceeds the limit',
    async (delay) => {
      const semaphore = new Semaphore(1);
      const order: string[] = [];
      let active = 0;
      let peak = 0;
      let latecomer: Promise<void> | undefined;
      const arrive = (left: number): void => {
        if (left === 0) latecomer = semaphore.run(task('latecomer'));
        else queueMicrotask(() => arrive(left - 1));
      };
      function task(name: string, then?: () => void) {
        return async () => {
          order.push(name);
          peak = Math.max(peak, ++active);
          await settle();
          active--;
          then?.();
        };
      }
      const first = semaphore.run(task('first', () => arrive(delay)));
      const waiter = semaphore.run(task('waiter'));
      await Promise.all([first, waiter]);
      await latecomer;
      expect(order).toEqual(['first', 'waiter', 'latecomer']);
      expect(peak).toBe(1);
      expect(semaphore.active).toBe(0);
    },
  );

  it('queues up to `backlog` tasks and refuses the next at once, without running it', async () => {
    const semaphore = new Semaphore(2, 1);
    const gate = deferred();
    let ran = 0;
    const task = async () => {
      ran++;
      await gate.promise;
    };
    const accepted = [semaphore.run(task), semaphore.run(task), semaphore.run(task)];
    expect(semaphore.active).toBe(2);
    expect(semaphore.queued).toBe(1);
    await expect(semaphore.run(task)).rejects.toBeInstanceOf(SemaphoreFullError);
    gate.resolve();
    await Promise.all(accepted);
    expect(ran).toBe(3);
    expect([semaphore.active, semaphore.queued]).toEqual([0, 0]);
    // Room again once the queue drains.
    await expect(semaphore.run(async () => 'later')).resolves.toBe('later');
  });

  it('with a backlog of 0 runs up to `limit` and refuses the rest', async () => {
    const semaphore = new Semaphore(1, 0);
    const gate = deferred();
    const running = semaphore.run(() => gate.promise);
    await expect(semaphore.run(async () => undefined)).rejects.toBeInstanceOf(SemaphoreFullError);
    gate.resolve();
    await running;
    await expect(semaphore.run(async () => 'free')).resolves.toBe('free');
  });

  it('refuses a limit below one and a negative backlog', () => {
    expect(() => new Semaphore(0)).toThrow(RangeError);
    expect(() => new Semaphore(1.5)).toThrow(RangeError);
    expect(() => new Semaphore(1, -1)).toThrow(RangeError);
  });
});
