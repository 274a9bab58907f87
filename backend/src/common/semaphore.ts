/** Thrown by `Semaphore.run` when every slot is taken and the queue is full: the caller answers "busy" instead of waiting. */
export class SemaphoreFullError extends Error {
  constructor() {
    super('Every slot is taken and the queue is full');
    this.name = 'SemaphoreFullError';
  }
}

/**
 * Runs at most `limit` tasks at once and queues the rest, in order. With a
 * `backlog`, at most that many wait; one more is refused at once with
 * SemaphoreFullError rather than queued, so a burst cannot pile up work
 * (and the memory it holds) without end.
 */
export class Semaphore {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(
    private readonly limit: number,
    private readonly backlog = Number.POSITIVE_INFINITY,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`A semaphore needs at least one slot (got ${limit})`);
    if (!(backlog >= 0)) throw new RangeError(`A semaphore's backlog cannot be negative (got ${backlog})`);
  }

  /** Tasks running now. */
  get active(): number {
    return this.running;
  }

  /** Tasks waiting for a slot. */
  get queued(): number {
    return this.waiting.length;
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) {
      if (this.waiting.length >= this.backlog) throw new SemaphoreFullError();
      // The slot is handed over by the task that finishes, so `running` never drops and a newcomer cannot jump the queue.
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running++;
    }
    try {
      return await task();
    } finally {
      const next = this.waiting.shift();
      if (next) next();
      else this.running--;
    }
  }
}
