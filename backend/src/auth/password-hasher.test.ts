import argon2 from 'argon2';
import { ARGON2_OPTIONS, hashPassword, Semaphore, spendVerifyTime, verifyPassword } from './password-hasher';

describe('argon2id parameters', () => {
  it('meet at least OWASP minimums (19 MiB, t=2, p=1)', () => {
    expect(ARGON2_OPTIONS.type).toBe(argon2.argon2id);
    expect(ARGON2_OPTIONS.memoryCost).toBeGreaterThanOrEqual(19_456);
    expect(ARGON2_OPTIONS.timeCost).toBeGreaterThanOrEqual(2);
    expect(ARGON2_OPTIONS.parallelism).toBeGreaterThanOrEqual(1);
  });

  it('are encoded in every hash, and hashes are salted', async () => {
    const [a, b] = await Promise.all([hashPassword('Str0ng!Passw0rd'), hashPassword('Str0ng!Passw0rd')]);
    expect(a).toMatch(/^\$argon2id\$v=19\$[mtp=\d,]+\$/);
    const params = Object.fromEntries(a.split('$')[3].split(',').map((pair) => pair.split('=')));
    const [m, t, p] = [params.m, params.t, params.p].map(Number);
    expect(m).toBeGreaterThanOrEqual(19_456);
    expect(t).toBeGreaterThanOrEqual(2);
    expect(p).toBeGreaterThanOrEqual(1);
    expect(a).not.toBe(b);
  });

  it('verifies the right password and refuses a wrong one', async () => {
    const hash = await hashPassword('Str0ng!Passw0rd');
    expect(await verifyPassword(hash, 'Str0ng!Passw0rd')).toBe(true);
    expect(await verifyPassword(hash, 'str0ng!Passw0rd')).toBe(false);
  });

  it('spends verify time for unknown accounts without throwing', async () => {
    await expect(spendVerifyTime('anything')).resolves.toBeUndefined();
  });
});

describe('Semaphore', () => {
  const deferred = () => {
    let resolve!: () => void;
    const promise = new Promise<void>((r) => (resolve = r));
    return { promise, resolve };
  };

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
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    gates[1].resolve();
    await new Promise((r) => setImmediate(r));
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
});
