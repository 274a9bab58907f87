import argon2 from 'argon2';
import { availableParallelism } from 'node:os';

/** OWASP's minimum for argon2id: 19 MiB, two passes, one lane. */
export const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/**
 * Runs at most `limit` tasks at once and queues the rest. argon2 runs on
 * libuv's thread pool; without a bound a burst of sign-ins would take every
 * thread and stall file and DNS work for all other requests.
 */
export class Semaphore {
  private active = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(private readonly limit: number) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.active >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.active++;
    try {
      return await task();
    } finally {
      this.active--;
      this.waiting.shift()?.();
    }
  }
}

const hashing = new Semaphore(availableParallelism());

export const hashPassword = (password: string) => hashing.run(() => argon2.hash(password, ARGON2_OPTIONS));

export const verifyPassword = (hash: string, password: string) => hashing.run(() => argon2.verify(hash, password));

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
