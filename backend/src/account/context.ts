import type { EntityManager } from '@mikro-orm/postgresql';
import type { JobQueue } from '../jobs/job-queue';
import type { ApiTokenScope } from '@stockroom/schema';
import type { AppConfig } from '../config/config';
import type { CallerUsage } from './caller-usage';
import type { RequestSqlPool } from '../db/sql';
import type { RateLimitState } from './rate-limiter';
import type { MailOutbox } from '../mail/mail-outbox';
import type { Session } from './session.entity';
import type { UploadStore } from '../storage/upload-store';
import type { User } from './user.entity';
import type { WorkspaceAccess } from './workspace-access';
import type { MembershipRow } from './workspace.queries';

/** What the app is made of, built once at start-up. */
export interface AppServices {
  config: AppConfig;
  /** Mail is queued here and delivered by a worker. */
  mailer: MailOutbox;
  /** Uploaded images in DATA_DIR/uploads. */
  uploads: UploadStore;
  /** Single statements on the pool, outside any transaction (see db/sql.ts). */
  sql: RequestSqlPool;
  /** Background work a request hands over (a webhook's test delivery). */
  jobs: JobQueue;
  /** The requests counted against each budget and the tokens used, written in batches (see account/caller-usage.ts). */
  callerUsage: CallerUsage;
}

/** The signed-in caller, once the bearer token has been checked. */
export interface Viewer {
  user: User;
  session: Session;
}

/**
 * The signed-in caller as plain rows (their columns as `to_jsonb` names them),
 * for requests that only need to know who is asking: no managed entities.
 */
export interface ViewerRows {
  user: Pick<User, 'id' | 'role' | 'status'> & Record<string, unknown>;
  session: { id: string; expires_at: string; revoked_at: string | null } & Record<string, unknown>;
}

/** The personal access token a caller sent instead of a session (as `to_jsonb` names its columns). */
export interface ApiTokenRow {
  id: string;
  scopes: ApiTokenScope[];
  expires_at: string | null;
  revoked_at: string | null;
  last_used_at: string | null;
  /** The one workspace the token acts in. */
  workspace_id: string;
}

/**
 * Whoever sent the request: a signed-in session, or a personal access token
 * (which may only read or change the catalogue, as its scopes say).
 */
export type CallerRows = ((ViewerRows & { apiToken?: undefined }) | { user: ViewerRows['user']; session?: undefined; apiToken: ApiTokenRow }) & {
  /**
   * The caller's membership of the workspace the request names (`named`: the header's or the token's id, null for
   * the personal workspace), read with the caller; `row` null when they are not a member (see account/workspace-access.ts).
   */
  membership?: { named: string | null; row: MembershipRow | null };
};

/** The caller mapped into a managed user, for requests a token may make too (see account/viewer.ts). */
export interface Caller {
  user: User;
  /** Set when the caller signed in with a token rather than a session. */
  apiToken?: ApiTokenRow;
}

/**
 * The first argument of every service method: who is asking and with which
 * unit of work. Built per request by both transports from the same function.
 */
export interface RequestContext extends AppServices {
  /** This request's unit of work, forked on first use: most requests never touch an entity. */
  readonly em: EntityManager;
  /** Client address, for throttling and lockout. */
  clientIp: string;
  /** The bearer token sent with the request, if any (checked lazily). */
  bearerToken?: string;
  /** Set once the token has been verified (see account/viewer.ts): a session's, or a personal access token's. */
  callerRows?: CallerRows;
  /** The verification in flight or done, shared by every check of this request (see account/viewer.ts). */
  pendingCallerRows?: Promise<CallerRows>;
  /** Where the caller's request budget stands, once the request is counted (see account/request-rate-limit.ts). */
  rateLimit?: RateLimitState;
  /** Told where the budget stands once the request is counted, so the transport can send the RateLimit-* headers. */
  readonly onRateLimit?: (state: RateLimitState) => void;
  /** The same caller mapped into managed entities, once a request needs them (see account/viewer.ts). */
  viewer?: Viewer;
  /** The `X-Workspace-Id` header as sent, if any (checked lazily, see account/workspace-access.ts). */
  readonly workspaceHeader?: string;
  /** The workspace this request acts in and the caller's role there, looked up once (see account/workspace-access.ts). */
  pendingWorkspace?: Promise<WorkspaceAccess>;
}

/**
 * The same request with its statements sent to `sql` (a transaction's, say): who asks, from where and in
 * which workspace stay as they are, and what the request has looked up once is not looked up again.
 */
export function contextOnSql(ctx: RequestContext, sql: RequestSqlPool): RequestContext {
  return Object.create(ctx, { sql: { value: sql, enumerable: true } }) as RequestContext;
}
