import argon2 from 'argon2';
import { readFile } from 'node:fs/promises';
import { ARGON2_CONCURRENCY } from '../common/thread-pool';
import { ARGON2_OPTIONS, hashPassword, spendVerifyTime, verifyPassword } from './password-hasher';

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

describe('the argon2 bound', () => {
  it('runs at most ARGON2_CONCURRENCY hashes and verifies at once, whatever the core count, and queues the rest', async () => {
    // As on a 64-core machine: the bound must follow the thread pool, not the cores.
    jest.resetModules();
    jest.doMock('node:os', () => ({ ...jest.requireActual('node:os'), availableParallelism: () => 64, cpus: () => Array(64).fill(jest.requireActual('node:os').cpus()[0]) }));
    try {
      // Loaded after the mock above, so its pool is sized from the mocked core count.
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const hasher: typeof import('./password-hasher') = require('./password-hasher');
      const hash = await hasher.hashPassword('Str0ng!Passw0rd');
      const burst = [...Array.from({ length: 4 }, () => hasher.hashPassword('Str0ng!Passw0rd')), ...Array.from({ length: 4 }, () => hasher.verifyPassword(hash, 'wrong'))];
      expect(hasher.passwordHashing.active).toBe(ARGON2_CONCURRENCY);
      expect(hasher.passwordHashing.queued).toBe(8 - ARGON2_CONCURRENCY);
      await Promise.all(burst);
      expect([hasher.passwordHashing.active, hasher.passwordHashing.queued]).toEqual([0, 0]);
    } finally {
      jest.dontMock('node:os');
      jest.resetModules();
    }
  });

  it('lets a file read started behind a burst of hashes finish before the burst does', async () => {
    const finished: string[] = [];
    const burst = Array.from({ length: 8 }, () => hashPassword('Str0ng!Passw0rd').then(() => finished.push('hash')));
    const read = readFile(__filename).then(() => finished.push('read'));
    await Promise.all([...burst, read]);
    expect(finished.indexOf('read')).toBeLessThan(finished.length - 1);
  });
});
