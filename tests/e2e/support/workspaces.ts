import { generateSync } from 'otplib';
import { WORKSPACE_HEADER, type WorkspaceRole } from '@stockroom/schema';
import type { CreateProductInput, ProductRecord } from '../../support/product-shapes';
import type { ApiSession } from './api';
import { e2eSql } from './database';
import { e2eEnv } from './env';

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

/** `GET /api/workspaces`: the account's workspaces with its role in each. */
export async function listWorkspacesApi(session: ApiSession): Promise<{ id: string; name: string; role: WorkspaceRole; personal: boolean }[]> {
  return (await call<{ workspaces: { id: string; name: string; role: WorkspaceRole; personal: boolean }[] }>(session, 'GET', '/api/workspaces')).workspaces;
}

/** The account's personal workspace's id. */
export async function personalWorkspaceIdApi(session: ApiSession): Promise<string> {
  const personal = (await listWorkspacesApi(session)).find((workspace) => workspace.personal);
  if (!personal) throw new Error('The account has no personal workspace');
  return personal.id;
}

/** `DELETE /api/workspaces/{id}`: the workspace with everything in it. */
export async function deleteWorkspaceApi(session: ApiSession, workspaceId: string): Promise<void> {
  await call<unknown>(session, 'DELETE', `/api/workspaces/${encodeURIComponent(workspaceId)}`);
}

/** `POST /api/workspaces/{id}/invitations`: invites `email` with `role`; the server mails the link. */
export async function inviteApi(session: ApiSession, workspaceId: string, email: string, role: WorkspaceRole): Promise<{ id: string; email: string }> {
  return (await call<{ invitation: { id: string; email: string } }>(session, 'POST', `/api/workspaces/${encodeURIComponent(workspaceId)}/invitations`, { email, role })).invitation;
}

/** Turns an authenticator on for the account, its first code computed from the secret as an app would. */
export async function turnOnTotpApi(session: ApiSession): Promise<void> {
  const { secret } = await call<{ secret: string }>(session, 'POST', '/api/users/profile/mfa/totp');
  await call<unknown>(session, 'POST', '/api/users/profile/mfa/totp/confirm', { code: generateSync({ secret }) });
}

/** `PUT /api/workspaces/{id}/policy`: requires a second factor of every member (the owner needs one). */
export async function requireSecondFactorApi(session: ApiSession, workspaceId: string, requireSecondFactor = true): Promise<void> {
  await call<unknown>(session, 'PUT', `/api/workspaces/${encodeURIComponent(workspaceId)}/policy`, { requireSecondFactor });
}

/** One product in the workspace the header names. */
export async function createProductInWorkspace(session: ApiSession, workspaceId: string, input: CreateProductInput): Promise<ProductRecord> {
  const body = { description: `${input.name} - made for the browser tests`, category: 'Testing', quantity: 1, ...input };
  return (await call<{ product: ProductRecord }>(session, 'POST', '/api/products', body, workspaceId)).product;
}

/**
 * Makes an account a member of a workspace at once, without an invitation's mail and link: the
 * row goes into the e2e server's embedded PostgreSQL, found as promote-user finds it.
 */
export async function addMemberSql(workspaceId: string, email: string, role: WorkspaceRole): Promise<void> {
  await e2eSql(`INSERT INTO workspace_members (workspace_id, user_id, role) SELECT $1, id, $3 FROM users WHERE email = lower($2)`, [workspaceId, email, role]);
}
