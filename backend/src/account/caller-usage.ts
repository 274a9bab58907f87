import { databaseOutageOf, logDatabaseOutage } from '../common/database-outage';
import { log } from '../common/log';
import type { SqlPool } from '../db/sql';
import { readingNoWorkspaceRows } from '../db/workspace-scope';
import { touchApiTokensStatement } from './api-token.queries';
import { stateOf, type RateLimitState } from './rate-limiter';
import { addBudgetHitsStatement } from './rate-limiter.queries';

/** A token's last use is written at most this often (and reaches the database within a flush of it). */
export const API_TOKEN_TOUCH_INTERVAL_SECONDS = 60;

/**
 * The share of the limit one budget may gather in this instance before it is
 * written at once rather than at the next tick: what bounds how far another
 * instance's view of the budget lags behind this one's.
 */
const BATCH_SHARE_OF_LIMIT = 1 / 20;

export interface CallerUsageLimits {
  /** Requests per window (API_RATE_LIMIT), and the window (API_RATE_WINDOW_MS). */
  limit: number;
  windowMs: number;
  /** How often what was counted is written (API_RATE_FLUSH_MS). */
  flushIntervalMs: number;
}

/** Where a budget's window stands in the database, as the caller's lookup read it. */
export interface WrittenBudget {
  hits: number;
  resetSeconds: number;
}

/**
 * What signed-in requests leave behind, kept in this instance's memory and
 * written in batches instead of by each request: the requests counted
 * against each budget (a session's or a token's), and the tokens used. A
 * request reads its budget's row with its caller, adds the hits this
 * instance has not written yet, and decides; so a read writes nothing, and
 * parallel requests of one session never wait on its row's lock. Another
 * instance sees these hits once written: every `flushIntervalMs`, as soon as
 * one budget has gathered a twentieth of the limit, and on shutdown.
 */
export class CallerUsage {
  private pendingHits = new Map<string, number>();
  private usedTokens = new Set<string>();
  private readonly batchHits: number;
  private timer?: NodeJS.Timeout;
  /** The last write started or queued; writes run one at a time. */
  private tail: Promise<void> = Promise.resolve();
  /** A write queued behind the one running, which every flush asked for meanwhile joins. */
  private queued?: Promise<void>;
  private failing = false;

  /**
   * `databaseUp` says whether the app takes the database to be there: while it does not (requests
   * are being refused), the counts wait in memory instead of taking connections from the pool.
   */
  constructor(
    private readonly sql: SqlPool,
    private readonly limits: CallerUsageLimits,
    private readonly databaseUp: () => boolean = () => true,
  ) {
    this.batchHits = Math.max(1, Math.ceil(limits.limit * BATCH_SHARE_OF_LIMIT));
  }

  /**
   * Counts one request against `key` and says where its budget stands: the
   * hits the database holds for the window plus this instance's own not yet
   * written (this one included). A request past the limit counts too.
   */
  countRequest(key: string, written: WrittenBudget): RateLimitState {
    const pending = (this.pendingHits.get(key) ?? 0) + 1;
    this.pendingHits.set(key, pending);
    if (pending >= this.batchHits) void this.flush();
    return stateOf({ hits: written.hits + pending, reset_seconds: written.resetSeconds }, this.limits.limit);
  }

  /** Notes that a token was used, when the use its row records (`lastUsedAt`) is older than the interval. */
  noteTokenUse(tokenId: string, lastUsedAt: string | null): void {
    if (lastUsedAt && Date.parse(lastUsedAt) > Date.now() - API_TOKEN_TOUCH_INTERVAL_SECONDS * 1000) return;
    this.usedTokens.add(tokenId);
  }

  /** Writes on a timer from now on; the timer never keeps the process alive. */
  start(): void {
    this.timer ??= setInterval(() => void this.flush(), this.limits.flushIntervalMs);
    this.timer.unref();
  }

  /** Stops the timer and writes what is left: the last thing an instance does before closing its pool. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /**
   * Writes everything counted until now, in at most two statements; resolves
   * once written (or once the write failed: the counts are kept for the next).
   */
  flush(): Promise<void> {
    if (!this.queued) {
      const write = this.tail.then(() => {
        this.queued = undefined;
        return this.write();
      });
      this.queued = write;
      this.tail = write;
    }
    return this.queued;
  }

  private async write(): Promise<void> {
    if (!this.databaseUp()) return;
    const hits = this.pendingHits;
    const tokens = this.usedTokens;
    this.pendingHits = new Map();
    this.usedTokens = new Set();
    // In one order on every instance, so two instances' batches never wait on each other's rows in a cycle.
    const keys = [...hits.keys()].sort();
    await this.attempt(keys.length > 0, () => this.sql.query(addBudgetHitsStatement(keys, keys.map((key) => hits.get(key)!), this.limits.windowMs / 1000)), () => {
      for (const [key, n] of hits) this.pendingHits.set(key, (this.pendingHits.get(key) ?? 0) + n);
    });
    await this.attempt(tokens.size > 0, () => this.sql.query(touchApiTokensStatement([...tokens].sort(), API_TOKEN_TOUCH_INTERVAL_SECONDS)), () => {
      for (const id of tokens) this.usedTokens.add(id);
    });
  }

  /**
   * Runs `statement` when `due`; when it fails, `keep` puts its counts back for the next write. An
   * outage shares the app's rate-limited line; any other failure is logged once until a write succeeds.
   */
  private async attempt(due: boolean, statement: () => Promise<unknown>, keep: () => void): Promise<void> {
    if (!due) return;
    try {
      // Budgets and tokens are no workspace's rows: whatever workspace a connection carries may stay.
      await readingNoWorkspaceRows(statement);
      this.failing = false;
    } catch (error) {
      keep();
      const outage = databaseOutageOf(error);
      if (outage) logDatabaseOutage(outage, 'rate-limit counts', Date.now(), 'the counts are kept and written once it is back');
      else if (!this.failing) log.error({ err: error }, 'Could not write the requests counted against rate limits; they are kept for the next write');
      this.failing = !outage;
    }
  }
}
