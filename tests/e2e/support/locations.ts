import { WORKSPACE_HEADER } from '@stockroom/schema';
import type { ApiSession } from './api';
import { e2eEnv } from './env';

export interface LocationRecord {
  id: string;
  name: string;
  code: string | null;
  parentId: string | null;
  path: string;
  isDefault: boolean;
}

async function locationCall<T>(session: ApiSession, method: string, path: string, body?: unknown, workspaceId?: string): Promise<T> {
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

/** `POST /api/locations`: a location in the workspace the header names (none: the personal one). */
export async function createLocationApi(session: ApiSession, input: { name: string; code?: string; parentId?: string }, workspaceId?: string): Promise<LocationRecord> {
  return (await locationCall<{ location: LocationRecord }>(session, 'POST', '/api/locations', input, workspaceId)).location;
}

/** `GET /api/locations`: the workspace's locations, the default one among them. */
export async function listLocationsApi(session: ApiSession, workspaceId?: string): Promise<LocationRecord[]> {
  return (await locationCall<{ locations: LocationRecord[] }>(session, 'GET', '/api/locations', undefined, workspaceId)).locations;
}

/** `GET /api/products/{id}/stock`: the product's total and its quantity at each location holding some. */
export async function productStockApi(
  session: ApiSession,
  productId: string,
  workspaceId?: string,
): Promise<{ total: number; levels: { location: { id: string; name: string }; quantity: number }[] }> {
  return locationCall(session, 'GET', `/api/products/${encodeURIComponent(productId)}/stock`, undefined, workspaceId);
}

/** `POST /api/products/{id}/transfer`: moves `quantity` of a product from one location to another. */
export async function transferStockApi(
  session: ApiSession,
  productId: string,
  input: { fromLocationId: string; toLocationId: string; quantity: number },
  workspaceId?: string,
): Promise<void> {
  await locationCall(session, 'POST', `/api/products/${encodeURIComponent(productId)}/transfer`, input, workspaceId);
}
