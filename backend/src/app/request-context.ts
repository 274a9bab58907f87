import type { EntityManager, MikroORM } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import type { AppServices, CallerRows, RequestContext, Viewer } from '../account/context';
import type { RateLimitState } from '../account/rate-limiter';
import type { WorkspaceAccess } from '../account/workspace-access';
import { WORKSPACE_HEADER } from '@stockroom/schema';
import { setRateLimitHeaders } from './rate-limit-headers';

/**
 * A request's context whose EntityManager is forked on first use: a fork (identity map, unit of
 * work) costs node CPU that plain-SQL reads and single-statement writes never need. `em` is a
 * getter on the class, not an own property, because Apollo copies a context's own properties
 * (Object.assign) for each operation, which would call an own getter and fork straight away.
 */
class LazyRequestContext implements RequestContext {
  readonly config: AppServices['config'];
  readonly mailer: AppServices['mailer'];
  readonly uploads: AppServices['uploads'];
  readonly sql: AppServices['sql'];
  readonly jobs: AppServices['jobs'];
  readonly callerUsage: AppServices['callerUsage'];
  callerRows?: CallerRows;
  pendingCallerRows?: Promise<CallerRows>;
  rateLimit?: RateLimitState;
  viewer?: Viewer;
  pendingWorkspace?: Promise<WorkspaceAccess>;
  private forkedEm?: EntityManager;

  constructor(
    services: AppServices,
    private readonly orm: MikroORM,
    readonly clientIp: string,
    readonly bearerToken: string | undefined,
    readonly onRateLimit?: (state: RateLimitState) => void,
    readonly workspaceHeader?: string,
  ) {
    ({ config: this.config, mailer: this.mailer, uploads: this.uploads, sql: this.sql, jobs: this.jobs, callerUsage: this.callerUsage } = services);
  }

  get em(): EntityManager {
    this.forkedEm ??= this.orm.em.fork();
    return this.forkedEm;
  }
}

/** Both transports build their context here: a fresh EntityManager per request, never the global one. */
export function createRequestContext(services: AppServices, orm: MikroORM, req: Request): RequestContext {
  const header = req.headers.authorization;
  const bearerToken = header?.match(/^Bearer\s+(\S+)$/i)?.[1];
  // Only a request that sends a token is counted, so only then is there a budget to report.
  const onRateLimit = bearerToken ? (state: RateLimitState) => setRateLimitHeaders(req.res, state) : undefined;
  const workspaceHeader = req.get(WORKSPACE_HEADER);
  return new LazyRequestContext(services, orm, req.ip ?? req.socket.remoteAddress ?? 'unknown', bearerToken, onRateLimit, workspaceHeader);
}
