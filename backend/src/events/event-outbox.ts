import type { EventType } from '@stockroom/schema';
import type { RequestSqlPool } from '../db/sql';
import type { RetryPolicy } from '../jobs/job-queue';
import type { JobRunner } from '../jobs/job-runner';
import { claimPendingEventsStatement, deleteEventsStatement, type PendingEventRow } from './event.queries';
import type { EventHandler, ProductJson, StockroomEvent } from './event.types';

/** Events handed on per transaction: enough to drain an import quickly, few enough to keep each transaction short. */
const RELAY_BATCH = 500;

/** A subscriber's queue retries a failed event this way unless it says otherwise. */
const DEFAULT_RETRY: RetryPolicy = { retryLimit: 5, retryDelaySeconds: 10 };

interface Subscriber {
  queue: string;
  types: ReadonlySet<EventType>;
  wants?: EventFilter;
}

/** Of a batch of events, those a subscriber has a use for (one query per batch, instead of a job per event it would drop). */
export type EventFilter = (events: StockroomEvent[]) => Promise<StockroomEvent[]>;

export interface SubscriberOptions {
  retry?: RetryPolicy;
  /** Leaves out events the subscriber would ignore (say, for users with no webhook), before a job is made for each. */
  wants?: EventFilter;
}

/** The queue a subscriber's events go to. */
export const subscriberQueue = (name: string) => `event-${name}`;

const iso = (value: unknown) => new Date(value as string).toISOString();

function eventOf(row: PendingEventRow): StockroomEvent {
  const product = { ...row.product, createdAt: iso(row.product.createdAt), updatedAt: iso(row.product.updatedAt) } as ProductJson;
  return { id: row.id, type: row.type as EventType, workspaceId: row.workspaceId, createdAt: iso(row.createdAt), data: { product } };
}

/**
 * The outbox's relay and its subscribers. Products' triggers write events in
 * the transaction of the change (so a rolled-back change has none); the relay,
 * on every instance that works jobs, moves them to each subscriber's pg-boss
 * queue in one transaction: the rows are deleted and the jobs written on the
 * same connection, so an event is handed on exactly once, and never lost to a
 * crash in between. A subscriber's handler then runs with its queue's retries.
 *
 * The triggers record an event only for an owner the database view
 * `event_listeners` names for its type: a new kind of subscriber adds its
 * part to that view (in a migration), or it hears nothing.
 */
export class EventOutbox {
  private readonly subscribers: Subscriber[] = [];

  constructor(
    private readonly jobs: JobRunner,
    private readonly sql: RequestSqlPool,
    relayIntervalMs: number,
  ) {
    jobs.repeat('event relay', relayIntervalMs, () => this.relay());
  }

  /**
   * Calls `handler` with each event of `types`, in the background, retried by
   * `retry` when it throws. `name` names the subscriber's queue (`event-<name>`);
   * call before the jobs start.
   */
  onEvent(name: string, types: readonly EventType[], handler: EventHandler, { retry = DEFAULT_RETRY, wants }: SubscriberOptions = {}): void {
    const queue = subscriberQueue(name);
    if (this.subscribers.some((subscriber) => subscriber.queue === queue)) throw new Error(`An event subscriber named ${name} is already registered`);
    this.jobs.define({ name: queue, retry, handler: (data) => handler(data as StockroomEvent) });
    this.subscribers.push({ queue, types: new Set(types), wants });
  }

  /** Hands every pending event on, a batch per transaction, until none is left. */
  async relay(): Promise<void> {
    for (;;) {
      const handed = await this.sql.transaction(async (tx) => {
        const rows = await tx.query<PendingEventRow>(claimPendingEventsStatement(RELAY_BATCH));
        if (rows.length === 0) return 0;
        const events = rows.map(eventOf);
        const onThisConnection = async (text: string, values: unknown[]) => {
          // The transaction numbers `?` placeholders; pg-boss's text is already numbered and has none.
          if (text.includes('?')) throw new Error('pg-boss SQL with a ? cannot run through the transaction');
          return tx.query({ sql: text, values });
        };
        for (const subscriber of this.subscribers) {
          const ofType = events.filter((event) => subscriber.types.has(event.type));
          const wanted = subscriber.wants && ofType.length ? await subscriber.wants(ofType) : ofType;
          // The job's id is the event's: one job per event and subscriber, whatever happens.
          await this.jobs.enqueueMany(subscriber.queue, wanted.map((event) => ({ id: event.id, data: event })), onThisConnection);
        }
        await tx.query(deleteEventsStatement(rows.map((row) => row.id)));
        return rows.length;
      });
      if (handed < RELAY_BATCH) return;
    }
  }
}
