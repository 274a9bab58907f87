import { AsyncLocalStorage } from 'node:async_hooks';
import type { MikroORM } from '@mikro-orm/postgresql';

/**
 * The setting the row-level security policies compare each row's `workspace_id` with: a
 * statement run without it sees no row of a workspace-owned table and may write none.
 */
export const WORKSPACE_SETTING = 'stockroom.workspace_id';

/** The workspace a request acts in: null until its membership has been checked. */
export interface WorkspaceScope {
  workspaceId: string | null;
}

const scopes = new AsyncLocalStorage<WorkspaceScope>();
const workspaceFree = new AsyncLocalStorage<true>();

/** Runs `work` (the handling of one request) in a scope of its own, with no workspace until `enterWorkspace`. */
export function inWorkspaceScope<T>(work: () => T): T {
  return scopes.run({ workspaceId: null }, work);
}

/**
 * Makes the statements the current request sends from now on act in `workspaceId`, once the
 * caller's membership of it has been checked. Outside a request's scope (a job, a script) it does
 * nothing: there the statements run as whichever role their pool connects as.
 */
export function enterWorkspace(workspaceId: string): void {
  const scope = scopes.getStore();
  if (scope) scope.workspaceId = workspaceId;
}

/**
 * Runs `work`, whose statements read and write no workspace-owned (row-level secured) table, on
 * connections as the pool hands them out, whatever workspace they were last set to: such a
 * statement sees the same rows under any setting. The caller and membership lookup every request
 * begins with is one, and so spares the request two round trips: setting no workspace for it, then
 * the request's own for what follows (on a pool whose connections mostly served the same workspace
 * last, none at all).
 */
export function readingNoWorkspaceRows<T>(work: () => Promise<T>): Promise<T> {
  return workspaceFree.run(true, work);
}

/** The workspace the current request acts in, or '' (none): what its connections must have set. */
const wantedWorkspace = () => scopes.getStore()?.workspaceId ?? '';

/** The workspace last set on a connection of the pool, remembered on the connection itself. */
const SET_WORKSPACE = Symbol('stockroom workspace set on this connection');

interface PooledConnection {
  query(text: string, values: unknown[]): Promise<unknown>;
  [SET_WORKSPACE]?: string;
}

interface PoolClient {
  acquireConnection(): Promise<PooledConnection>;
  releaseConnection(connection: PooledConnection): Promise<void>;
}

/**
 * Every connection the ORM's pool hands out (to the EntityManager, to knex, to the plain-SQL pool
 * that borrows them) carries the current request's workspace, or none: the setting is session-wide,
 * so it is set only when the connection's differs from what the request wants, and a connection that
 * served one request is reset before it serves a statement of any other (one with no workspace
 * included), so a workspace never travels to another request through the pool.
 */
export function scopeConnectionsToWorkspace(orm: MikroORM): void {
  const client = orm.em.getKnex().client as PoolClient;
  const acquire = client.acquireConnection.bind(client);
  client.acquireConnection = async () => {
    const connection = await acquire();
    if (workspaceFree.getStore()) return connection;
    const wanted = wantedWorkspace();
    if ((connection[SET_WORKSPACE] ?? '') !== wanted) {
      // Unknown until the statement answers: a failure leaves the connection to be set again.
      delete connection[SET_WORKSPACE];
      try {
        await connection.query(`SELECT set_config('${WORKSPACE_SETTING}', $1, false)`, [wanted]);
      } catch (error) {
        await client.releaseConnection(connection);
        throw error;
      }
      connection[SET_WORKSPACE] = wanted;
    }
    return connection;
  };
}
