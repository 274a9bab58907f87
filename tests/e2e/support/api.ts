import type { BrowserContext } from 'playwright-core';
import type { GuardedSession } from './browser';
import type { CreateProductInput, ProductRecord, UpdateProductInput } from '../../support/product-shapes';
import { e2eEnv, PASSWORD, uniqueEmail } from './env';

export interface TestUser {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  fullName: string;
}

let n = 0;
export function newUser(tag = 'user'): TestUser {
  n += 1;
  const firstName = `Ada${n}`;
  const lastName = `Tester${tag.replace(/[^a-z]/gi, '')}`;
  return { firstName, lastName, email: uniqueEmail(tag), password: PASSWORD, fullName: `${firstName} ${lastName}` };
}

/** Creates an account through the REST API (faster than the form when the form is not under test). */
export async function createUser(tag = 'user'): Promise<TestUser> {
  const user = newUser(tag);
  const res = await fetch(`${e2eEnv().baseUrl}/api/auth/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ firstName: user.firstName, lastName: user.lastName, email: user.email, password: user.password }),
  });
  if (res.status !== 201) throw new Error(`POST /api/auth/signup answered ${res.status}: ${await res.text()}`);
  return user;
}

/** A bearer token for the REST API, as `POST /api/auth/signin` (or signup) hands it out. */
export interface ApiSession {
  accessToken: string;
  /** Milliseconds since the epoch, as the client stores it under `mean_token_expiration`. */
  expiresAt: number;
}

async function authCall(path: string, body: unknown, expected: number): Promise<ApiSession> {
  const res = await fetch(`${e2eEnv().baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (res.status !== expected) throw new Error(`POST ${path} answered ${res.status}: ${await res.text()}`);
  const json = (await res.json()) as { accessToken: string; expiresAt: string };
  return { accessToken: json.accessToken, expiresAt: Date.parse(json.expiresAt) };
}

/** Signs in over REST (`POST /api/auth/signin`) and returns the bearer token. */
export function signInApi(user: Pick<TestUser, 'email' | 'password'>): Promise<ApiSession> {
  return authCall('/api/auth/signin', { email: user.email, password: user.password }, 200);
}

/** A fresh account and a token for it, in one request (sign-up signs in). */
export async function createUserWithSession(tag = 'user'): Promise<{ user: TestUser; session: ApiSession }> {
  const user = newUser(tag);
  const session = await authCall(
    '/api/auth/signup',
    { firstName: user.firstName, lastName: user.lastName, email: user.email, password: user.password },
    201,
  );
  return { user, session };
}

/** The account behind a token, as the server has it now (`GET /api/users/profile/me`). */
export async function currentUserApi(session: ApiSession): Promise<{ id: string; email: string; firstName: string; lastName: string }> {
  const res = await fetch(`${e2eEnv().baseUrl}/api/users/profile/me`, { headers: { authorization: `Bearer ${session.accessToken}` } });
  if (!res.ok) throw new Error(`GET /api/users/profile/me answered ${res.status}: ${await res.text()}`);
  return ((await res.json()) as { user: { id: string; email: string; firstName: string; lastName: string } }).user;
}

async function productCall<T>(session: ApiSession, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${e2eEnv().baseUrl}/api/products${path}`, {
    method,
    headers: { authorization: `Bearer ${session.accessToken}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} /api/products${path} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as T;
}

/** Creates one product over REST; the description and category default to valid values. */
export async function createProductApi(session: ApiSession, input: CreateProductInput): Promise<ProductRecord> {
  const body = { description: `${input.name} - made for the browser tests`, category: 'Testing', quantity: 1, ...input };
  return (await productCall<{ product: ProductRecord }>(session, 'POST', '', body)).product;
}

/** Creates products one after another, so each is newer than the one before (the list's Date order). */
export async function createProductsApi(session: ApiSession, inputs: readonly CreateProductInput[]): Promise<ProductRecord[]> {
  const created: ProductRecord[] = [];
  for (const input of inputs) created.push(await createProductApi(session, input));
  return created;
}

/** `PUT /api/products/{id}` with the given changes (plus `version` when the caller passes it). */
export async function updateProductApi(session: ApiSession, id: string, changes: UpdateProductInput): Promise<ProductRecord> {
  return (await productCall<{ product: ProductRecord }>(session, 'PUT', `/${encodeURIComponent(id)}`, changes)).product;
}

/** `POST /api/products/{id}/stock`: a sale (negative) or delivery (positive), with an optional reason and note. */
export async function adjustStockApi(session: ApiSession, id: string, body: { delta: number; reason?: string; note?: string }): Promise<ProductRecord> {
  return (await productCall<{ product: ProductRecord }>(session, 'POST', `/${encodeURIComponent(id)}/stock`, body)).product;
}

/** `GET /api/products/{id}/movements?limit=`: the newest movements, as the server has them now. */
export async function stockMovementsApi(session: ApiSession, id: string, limit = 100): Promise<{ delta: number; quantityAfter: number; reason: string; note: string | null }[]> {
  return (await productCall<{ movements: { delta: number; quantityAfter: number; reason: string; note: string | null }[] }>(session, 'GET', `/${encodeURIComponent(id)}/movements?limit=${limit}`)).movements;
}

export async function deleteProductApi(session: ApiSession, id: string): Promise<void> {
  await productCall(session, 'DELETE', `/${encodeURIComponent(id)}`);
}

/**
 * Puts an API session where the client keeps it (`mean_auth_token`,
 * `mean_token_expiration` in localStorage) before the app's first script runs, once per tab:
 * the first page a test opens is already signed in, and a sign-out later in
 * the test is not undone by a reload. Faster than the sign-in form when the
 * form is not under test.
 */
export async function useSessionInBrowser(context: BrowserContext, session: ApiSession): Promise<void> {
  await context.addInitScript(({ token, expiresAt }) => {
    try {
      if (sessionStorage.getItem('e2e-session-seeded')) return;
      sessionStorage.setItem('e2e-session-seeded', '1');
      localStorage.setItem('mean_auth_token', token);
      localStorage.setItem('mean_token_expiration', String(expiresAt));
    } catch {
      // about:blank and opaque origins have no storage.
    }
  }, { token: session.accessToken, expiresAt: session.expiresAt });
}

/** A fresh user (with a REST token) whose browser tab is already signed in. */
export async function signedInUser(s: GuardedSession, tag: string): Promise<ApiSession> {
  const { session } = await createUserWithSession(tag);
  await useSessionInBrowser(s.context, session);
  return session;
}
