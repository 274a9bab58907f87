import argon2 from 'argon2';
import { Semaphore } from '../common/semaphore';
import { ARGON2_CONCURRENCY } from '../common/thread-pool';

/** OWASP's minimum for argon2id: 19 MiB, two passes, one lane. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Hashes and verifies waiting for a turn: argon2 runs on libuv's thread pool,
 * and without this bound a burst of sign-ins would take every thread and stall
 * file serving and DNS for all other requests. Queued, never refused: a
 * sign-in only waits. The bound is fixed, not the core count, because the
 * pool is sized to it (common/thread-pool.ts).
 */
export const passwordHashing = new Semaphore(ARGON2_CONCURRENCY);

export const hashPassword = (password: string) => passwordHashing.run(() => argon2.hash(password, ARGON2_OPTIONS));

export const verifyPassword = (hash: string, password: string) => passwordHashing.run(() => argon2.verify(hash, password));

let dummyHash: Promise<string> | undefined;

/** Makes the throw-away hash ahead of the first sign-in, so even that one takes no extra time. */
export const prepareDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password-Aa1!'));

/**
 * Verifies against a throw-away hash, so that an unknown email costs as much
 * time as a wrong password and timing does not reveal which accounts exist.
 */
export async function spendVerifyTime(password: string): Promise<void> {
  await verifyPassword(await prepareDummyHash(), password);
}
