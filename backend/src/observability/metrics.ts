import { Router } from 'express';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { carriesBearerToken } from '../common/bearer-token';

/** What the metrics read from the rest of the app when scraped. */
export interface MetricSources {
  /** The database pool right now. */
  pool(): { used: number; free: number; waiting: number };
  /** Jobs waiting in each queue; a queue that cannot be read is left out. */
  queueDepths(): Promise<Record<string, number>>;
}

/** GraphQL operation names kept as labels; past this many, an operation is counted as "other". */
const MAX_OPERATION_LABELS = 100;
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * The instance's Prometheus metrics (prom-client), in a registry of its own:
 * request durations by route and status, GraphQL operations by name, server
 * errors, the database pool, the job queues and their outcomes, and Node's
 * own (the event loop's lag among them). Labels come only from the app's own
 * routes and a bounded set of operation names, never from what a caller sends.
 */
export class Metrics {
  readonly registry = new Registry();
  private readonly operations = new Set<string>();

  private readonly requests = new Histogram({
    name: 'stockroom_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status class',
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  private readonly graphqlOperations = new Histogram({
    name: 'stockroom_graphql_operation_duration_seconds',
    help: 'GraphQL operations by name and type',
    labelNames: ['operation', 'type'],
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });

  private readonly errors = new Counter({
    name: 'stockroom_http_server_errors_total',
    help: 'Answers with a 5xx status, by status (503: the database or the store is away, or the instance is busy)',
    labelNames: ['status'],
    registers: [this.registry],
  });

  private readonly jobs = new Counter({
    name: 'stockroom_jobs_total',
    help: 'Background jobs worked by this instance, by queue and outcome',
    labelNames: ['queue', 'outcome'],
    registers: [this.registry],
  });

  constructor(sources: MetricSources) {
    collectDefaultMetrics({ register: this.registry });
    new Gauge({
      name: 'stockroom_db_pool_connections',
      help: 'Connections of the database pool: in use, free, and requests waiting for one',
      labelNames: ['state'],
      registers: [this.registry],
      collect() {
        const { used, free, waiting } = sources.pool();
        this.set({ state: 'used' }, used);
        this.set({ state: 'free' }, free);
        this.set({ state: 'waiting' }, waiting);
      },
    });
    new Gauge({
      name: 'stockroom_job_queue_depth',
      help: 'Jobs waiting in each queue',
      labelNames: ['queue'],
      registers: [this.registry],
      async collect() {
        this.reset();
        for (const [queue, depth] of Object.entries(await sources.queueDepths())) this.set({ queue }, depth);
      },
    });
  }

  /** One answered request: `route` is the route's pattern (`/api/products/:id`), never the path a caller sent. */
  request(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe({ method, route, status: `${Math.floor(status / 100)}xx` }, seconds);
    if (status >= 500) this.errors.inc({ status: String(status) });
  }

  /** One GraphQL operation; a name beyond the first MAX_OPERATION_LABELS seen is "other". */
  graphqlOperation(name: string | undefined, type: string, seconds: number): void {
    let operation = name || 'anonymous';
    if (!this.operations.has(operation)) {
      if (this.operations.size >= MAX_OPERATION_LABELS) operation = 'other';
      else this.operations.add(operation);
    }
    this.graphqlOperations.observe({ operation, type }, seconds);
  }

  job(queue: string, outcome: 'completed' | 'failed'): void {
    this.jobs.inc({ queue, outcome });
  }
}

/** GET /metrics in Prometheus's text format, only with `Authorization: Bearer <token>` (compared in constant time). */
export function metricsRoutes(metrics: Metrics, token: string): Router {
  const router = Router();
  router.get('/metrics', async (req, res) => {
    if (!carriesBearerToken(req, token)) {
      res.status(401).set('WWW-Authenticate', 'Bearer').json({ message: 'Invalid token', code: 'UNAUTHENTICATED' });
      return;
    }
    res.set('Content-Type', metrics.registry.contentType).set('Cache-Control', 'no-store');
    res.send(await metrics.registry.metrics());
  });
  return router;
}
