import { resolve } from 'node:path';
import { Client } from 'pg';
import { WORKSPACE_HEADER, type WorkspaceRole } from '@stockroom/schema';
import type { CreateProductInput, ProductRecord } from '../../support/product-shapes';
import type { ApiSession } from './api';
import { e2eEnv } from './env';

const repoRoot = resolve(__dirname, '../../..');

async function call<T>(session: ApiSession, method: string, path: string, body?: unknown, workspaceId?: string): Promise<T> {
  const res = await fetch(`${e2eEnv().baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${session.accessToken}`,
      'content-type': 'application/json',
      ...(workspaceId ? { [WORKSPACE_HEADER]: workspaceId } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** `POST /api/workspaces`: a shared workspace, its creator its owner. */
export async function createWorkspaceApi(session: ApiSession, name: string): Promise<{ id: string; name: string }> {
  return (await call<{ workspace: { id: string; name: string } }>(session, 'POST', '/api/workspaces', { name })).workspace;
}

/** `DELETE /api/workspaces/{id}`: the workspace with everything in it. */
export async function deleteWorkspaceApi(session: ApiSession, workspaceId: string): Promise<void> {
  await call<unknown>(session, 'DELETE', `/api/workspaces/${encodeURIComponent(workspaceId)}`);
}

/** One product in the workspace the header names. */
export async function createProductInWorkspace(session: ApiSession, workspaceId: string, input: CreateProductInput): Promise<ProductRecord> {
  const body = { description: `${input.name} - made for the browser tests`, category: 'Testing', quantity: 1, ...input };
  return (await call<{ product: ProductRecord }>(session, 'POST', '/api/products', body, workspaceId)).product;
}

/**
 * Makes an account a member of a workspace. The server has no API for it until invitations
 * come, so the row goes into the e2e server's embedded PostgreSQL, found as promote-user finds it.
 */
export async function addMemberSql(workspaceId: string, email: string, role: WorkspaceRole): Promise<void> {
  // The built backend's lookup of the running cluster: its port and password live in DATA_DIR.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { runningEmbeddedPostgres } = require(resolve(repoRoot, 'backend/dist/src/db/embedded-postgres.js')) as {
    runningEmbeddedPostgres(dataDir: string): { url: string } | undefined;
  };
  const database = runningEmbeddedPostgres(e2eEnv().dataDir);
  if (!database) throw new Error('The e2e server has no running embedded PostgreSQL');
  const client = new Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query(
      `INSERT INTO workspace_members (workspace_id, user_id, role) SELECT $1, id, $3 FROM users WHERE email = lower($2)`,
      [workspaceId, email, role],
    );
  } finally {
    await client.end();
  }
}
