import type { EntityManager } from '@mikro-orm/postgresql';
import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_RETENTION_HOURS } from '@stockroom/schema';
import { createHash } from 'node:crypto';
import { contextOnSql, type RequestContext } from '../account/context';
import { poolInTransaction } from '../db/pool-in-transaction';
import { runStatement } from '../db/sql';
import { IdempotencyKeyReusedError, InvalidIdempotencyKeyError } from './idempotency.errors';
import { claimKeyStatement, keyedAnswerStatement, purgeExpiredKeysStatement, saveAnswerStatement } from './idempotency.queries';

const KEY_PATTERN = new RegExp(IDEMPOTENCY_KEY_PATTERN);

/** Who keyed a request, and where: keys never meet across callers or workspaces. */
export interface KeyOwner {
  userId: string;
  workspaceId: string;
}

/**
 * A key as sent, or undefined when none was. The draft writes the header as
 * a structured-field string ("8e03978e-..."); its quotes are taken off, and
 * the bare form most clients send is taken as it is.
 */
export function idempotencyKeyOf(raw: unknown): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== 'string') throw new InvalidIdempotencyKeyError();
  const key = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (key.length === 0 || key.length > IDEMPOTENCY_KEY_MAX_LENGTH || !KEY_PATTERN.test(key)) throw new InvalidIdempotencyKeyError();
  return key;
}

/** JSON with its object keys sorted and nulls left out (absent and null mean the same in every keyed request). */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined && v !== null)
      .sort(([a], [b]) => (a < b ? -1 : 1));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** The hash a key is kept with: of the request as the service read it, so both transports hash one request alike. */
export const requestHashOf = (request: Record<string, unknown>) => createHash('sha256').update(canonicalJson(request)).digest('hex');

/** An answer as stored: JSON, its dates marked so they come back as dates (an answer's text fields are never such objects). */
export const storedAnswer = (answer: unknown) =>
  JSON.stringify(answer, function (this: Record<string, unknown>, key, value) {
    const raw = this[key];
    return raw instanceof Date ? { $date: raw.toISOString() } : value;
  });

/** A stored answer back as the service first returned it, its keys in their first order. */
export const answerFromStore = (stored: string): unknown =>
  JSON.parse(stored, (_key, value) => (value && typeof value === 'object' && typeof value.$date === 'string' && Object.keys(value).length === 1 ? new Date(value.$date) : value));

/**
 * Runs a stock write once per idempotency key. Without a key it simply runs.
 * With one, the key is claimed and the write runs in one transaction, the
 * answer kept beside the key: both commit or neither does, so a write that
 * fails keeps no key and may be sent again. The same key and request again
 * answers the kept answer and writes nothing; the same key with another
 * request is a 422. A request sent while the first with its key is still
 * running waits for it, then is answered as a repeat (or claims the key, if
 * the first failed). `request` is what makes the request this one: the
 * operation's name and every value the service read, after its checks.
 * `goesOnAfterFailure` is for a write that catches a failed statement and
 * sends another (a stocktake counting again): each of its statements then
 * runs under a savepoint, two more round trips each, so that the failure
 * leaves the transaction usable. Every other write ends at its first failure.
 */
export async function exactlyOnce<T>(
  ctx: RequestContext,
  owner: KeyOwner,
  key: string | undefined,
  request: Record<string, unknown>,
  write: (ctx: RequestContext) => Promise<T>,
  { goesOnAfterFailure = false }: { goesOnAfterFailure?: boolean } = {},
): Promise<T> {
  if (key === undefined) return write(ctx);
  const { userId, workspaceId } = owner;
  const requestHash = requestHashOf(request);
  return ctx.sql.transaction(async (tx) => {
    const [claimed] = await tx.query<{ claimed: boolean }>(claimKeyStatement(workspaceId, userId, key, requestHash, IDEMPOTENCY_KEY_RETENTION_HOURS));
    if (!claimed) {
      const [kept] = await tx.query<{ requestHash: string; answer: string }>(keyedAnswerStatement(workspaceId, userId, key));
      if (kept.requestHash !== requestHash) throw new IdempotencyKeyReusedError();
      return answerFromStore(kept.answer) as T;
    }
    const answer = await write(contextOnSql(ctx, poolInTransaction(tx, { savepoints: goesOnAfterFailure })));
    await tx.query(saveAnswerStatement(workspaceId, userId, key, storedAnswer(answer)));
    return answer;
  });
}

/** Keys removed per statement by the purge, so one run never holds many rows at once. */
const PURGE_BATCH = 5_000;

/** Removes, in every workspace, the keys older than IDEMPOTENCY_KEY_RETENTION_HOURS (housekeeping); returns how many. */
export async function purgeExpiredIdempotencyKeys(em: EntityManager): Promise<number> {
  let purged = 0;
  for (;;) {
    const [{ purged: batch }] = await runStatement<{ purged: number }>(em, purgeExpiredKeysStatement(IDEMPOTENCY_KEY_RETENTION_HOURS, PURGE_BATCH));
    purged += batch;
    if (batch < PURGE_BATCH) return purged;
  }
}
