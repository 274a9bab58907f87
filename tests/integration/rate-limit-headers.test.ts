import { ME, signUpUser, startTestApp, type HttpAnswer, type TestApp } from '../support/test-app';
import { PRODUCT_STATS } from '../support/products';

/**
 * Every signed-in request counts against its credential's budget
 * (API_RATE_LIMIT per API_RATE_WINDOW_MS): each session and each personal
 * access token has its own, kept in PostgreSQL so every instance of the app
 * shares it. Answers carry RateLimit-Limit, -Remaining and -Reset; past the
 * limit, a 429 with Retry-After on both transports.
 */

const LIMIT = 4;
const THROTTLED = 'Too many requests. Please wait a moment and try again';
const INVALID = 'Invalid authentication token';
const TWO_ROOT_FIELDS = `query MeAndStats { me { id } productStats { totalProducts } }`;

let app: TestApp;
let twin: TestApp;
beforeAll(async () => {
  const env = { API_RATE_LIMIT: String(LIMIT), JWT_SECRET: 'one-secret-both-instances-share-0123456789' };
  app = await startTestApp(env);
  // A second instance of the app on the same database, as behind a load balancer.
  twin = await startTestApp(env, { databaseUrl: app.databaseUrl });
});
afterAll(async () => {
  await twin.close();
  await app.close();
});

/** A GraphQL request whose answer keeps its headers. */
const graphql = (target: TestApp, query: string, token: string) => target.rest('POST', '/graphql', { query }, { token });
const me = (target: TestApp, token: string) => target.rest('GET', '/api/users/profile/me', undefined, { token });
const products = (target: TestApp, token: string) => target.rest('GET', '/api/products?limit=1', undefined, { token });

/** The RateLimit-* headers of an answer, as numbers (NaN when missing). */
function budgetOf(answer: HttpAnswer) {
  const reset = Number(answer.headers.get('ratelimit-reset'));
  expect(Number.isInteger(reset) && reset >= 1 && reset <= 60).toBe(true);
  return { limit: Number(answer.headers.get('ratelimit-limit')), remaining: Number(answer.headers.get('ratelimit-remaining')) };
}

function expectNoBudget(answer: HttpAnswer) {
  for (const name of ['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset']) expect(answer.headers.get(name)).toBeNull();
}

/** A 429 over REST: the usual error body, Retry-After within the window, nothing left. */
function expectRestThrottled(answer: HttpAnswer) {
  expect({ status: answer.status, body: answer.body }).toEqual({ status: 429, body: { message: THROTTLED, code: 'TOO_MANY_REQUESTS' } });
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(budgetOf(answer)).toEqual({ limit: LIMIT, remaining: 0 });
}

/** A 429 over GraphQL: every field refused with TOO_MANY_REQUESTS and retryAfterSeconds, Retry-After as over REST. */
function expectGraphqlThrottled(answer: HttpAnswer) {
  expect(answer.status).toBe(429);
  const retryAfter = Number(answer.headers.get('retry-after'));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  // `me` is not nullable: its refusal empties the whole answer.
  expect(answer.body.data).toBeNull();
  expect(answer.body.errors).toEqual([{ message: THROTTLED, path: ['me'], extensions: { code: 'TOO_MANY_REQUESTS', retryAfterSeconds: retryAfter } }]);
  expect(budgetOf(answer)).toEqual({ limit: LIMIT, remaining: 0 });
}

async function createToken(session: string) {
  const answer = await app.rest('POST', '/api/users/profile/tokens', { name: 'Rate limited', scopes: ['read'] }, { token: session });
  expect(answer.status).toBe(201);
  return answer.body as { token: string; apiToken: { id: string } };
}

describe('a session', () => {
  it('spends one budget over REST and GraphQL on both instances, then gets 429 with Retry-After on each transport', async () => {
    const { token, email, password } = await signUpUser(app);
    const first = await me(app, token);
    expect(first.status).toBe(200);
    expect(budgetOf(first)).toEqual({ limit: LIMIT, remaining: 3 });
    // The other instance sees the same count, over the other transport.
    const second = await graphql(twin, ME, token);
    expect(second.status).toBe(200);
    expect(second.body.data.me.id).toBe(first.body.user.id);
    expect(budgetOf(second)).toEqual({ limit: LIMIT, remaining: 2 });
    expect(budgetOf(await me(twin, token))).toEqual({ limit: LIMIT, remaining: 1 });
    const last = await graphql(app, ME, token);
    expect(last.status).toBe(200);
    expect(budgetOf(last)).toEqual({ limit: LIMIT, remaining: 0 });

    expectRestThrottled(await me(app, token));
    expectRestThrottled(await me(twin, token));
    expectGraphqlThrottled(await graphql(twin, ME, token));

    // Another session of the same account has a budget of its own.
    const again = await app.rest('POST', '/api/auth/signin', { email, password });
    expect(again.status).toBe(200);
    const fresh = await me(twin, again.body.accessToken);
    expect(fresh.status).toBe(200);
    expect(budgetOf(fresh)).toEqual({ limit: LIMIT, remaining: 3 });
  });

  it('counts a GraphQL request once, however many of its fields need the caller', async () => {
    const { token } = await signUpUser(app);
    const answer = await graphql(app, TWO_ROOT_FIELDS, token);
    expect(answer.status).toBe(200);
    expect(answer.body.data).toEqual({ me: { id: expect.any(String) }, productStats: { totalProducts: 0 } });
    expect(budgetOf(answer)).toEqual({ limit: LIMIT, remaining: 3 });
    expect(budgetOf(await graphql(twin, PRODUCT_STATS, token))).toEqual({ limit: LIMIT, remaining: 2 });
  });

  it('starts again once the window has passed', async () => {
    const { token, user } = await signUpUser(app);
    for (let i = 0; i < LIMIT; i++) expect((await me(app, token)).status).toBe(200);
    expectRestThrottled(await me(app, token));
    // Time travel: the window began a minute and a second ago.
    const [session] = await app.sql<{ id: string }>(`SELECT id FROM sessions WHERE user_id = $1`, [user.id]);
    await app.sql(`UPDATE rate_limit_buckets SET window_start = now() - interval '61 seconds' WHERE key = $1`, [`api:session:${session.id}`]);
    const next = await me(twin, token);
    expect(next.status).toBe(200);
    expect(budgetOf(next)).toEqual({ limit: LIMIT, remaining: 3 });
  });
});

describe('a personal access token', () => {
  it('has a budget of its own, apart from its owner session and from other tokens, on both transports', async () => {
    const { token: session } = await signUpUser(app);
    const [one, two] = [await createToken(session), await createToken(session)];
    const first = await products(app, one.token);
    expect(first.status).toBe(200);
    expect(budgetOf(first)).toEqual({ limit: LIMIT, remaining: 3 });
    const stats = await graphql(twin, PRODUCT_STATS, one.token);
    expect(stats.status).toBe(200);
    expect(budgetOf(stats)).toEqual({ limit: LIMIT, remaining: 2 });
    for (let i = 0; i < 2; i++) expect((await products(twin, one.token)).status).toBe(200);
    expectRestThrottled(await products(app, one.token));
    const refused = await graphql(app, PRODUCT_STATS, one.token);
    expect(refused.status).toBe(429);
    expect(refused.body.errors[0]).toMatchObject({ message: THROTTLED, extensions: { code: 'TOO_MANY_REQUESTS' } });
    expect(refused.headers.get('retry-after')).toBe(String(refused.body.errors[0].extensions.retryAfterSeconds));

    // The other token, and the session that made both (two requests so far), are untouched.
    expect(budgetOf(await products(twin, two.token))).toEqual({ limit: LIMIT, remaining: 3 });
    expect(budgetOf(await me(app, session))).toEqual({ limit: LIMIT, remaining: 1 });
  });

  it('is refused as before once revoked or expired (401, no budget counted or shown), as is a made-up token', async () => {
    const { token: session } = await signUpUser(app);
    const [revoked, expired] = [await createToken(session), await createToken(session)];
    expect((await app.rest('DELETE', `/api/users/profile/tokens/${revoked.apiToken.id}`, undefined, { token: session })).status).toBe(200);
    await app.sql(`UPDATE api_tokens SET expires_at = now() - interval '1 second' WHERE id = $1`, [expired.apiToken.id]);
    const madeUp = `stk_${'A'.repeat(43)}`;
    for (const token of [revoked.token, expired.token, madeUp, 'not-a-token']) {
      const rest = await products(app, token);
      expect({ status: rest.status, body: rest.body }).toEqual({ status: 401, body: { message: INVALID, code: 'UNAUTHENTICATED' } });
      expectNoBudget(rest);
      const gql = await graphql(twin, PRODUCT_STATS, token);
      expect(gql.body.errors[0]).toMatchObject({ message: INVALID, extensions: { code: 'UNAUTHENTICATED' } });
      expectNoBudget(gql);
    }
    const counted = await app.sql(`SELECT key FROM rate_limit_buckets WHERE key = ANY($1)`, [[`api:token:${revoked.apiToken.id}`, `api:token:${expired.apiToken.id}`]]);
    expect(counted).toEqual([]);
  });
});

describe('a session', () => {
  it('once signed out, or of an account deactivated, is refused (401) with no budget counted or shown', async () => {
    const signedOut = await signUpUser(app);
    const deactivated = await signUpUser(app);
    expect((await products(app, signedOut.token)).status).toBe(200);
    expect((await products(app, deactivated.token)).status).toBe(200);
    const hitsOf = async () => (await app.sql(`SELECT key, hits FROM rate_limit_buckets WHERE key LIKE 'api:session:%' ORDER BY key`)).map((row) => `${row.key}=${row.hits}`);
    const before = await hitsOf();
    expect((await app.rest('POST', '/api/auth/signout', undefined, { token: signedOut.token })).status).toBe(200);
    await app.sql(`UPDATE users SET status = 'Inactive' WHERE id = $1`, [deactivated.user.id]);
    const afterSignOut = await hitsOf();
    for (const token of [signedOut.token, deactivated.token]) {
      const rest = await products(app, token);
      expect(rest.status).toBe(401);
      expectNoBudget(rest);
      const gql = await graphql(twin, PRODUCT_STATS, token);
      expect(gql.body.errors[0]).toMatchObject({ extensions: { code: 'UNAUTHENTICATED' } });
      expectNoBudget(gql);
    }
    expect(await hitsOf()).toEqual(afterSignOut);
    // The sign-out itself was a counted request of the session, and nothing after it was.
    expect(afterSignOut.length).toBe(before.length);
  });
});

describe('requests without a credential', () => {
  it('carry no budget, and a browser script on the app origin may read the headers of one that has', async () => {
    expectNoBudget(await app.rest('GET', '/api/products'));
    const { token } = await signUpUser(app);
    const answer = await app.rest('GET', '/api/users/profile/me', undefined, { token, headers: { origin: 'http://stockroom.test' } });
    const exposed = (answer.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(',');
    expect(exposed).toEqual(expect.arrayContaining(['ratelimit-limit', 'ratelimit-remaining', 'ratelimit-reset', 'retry-after']));
  });
});

describe('the OpenAPI document', () => {
  it('lists the headers and the 429 on every operation that needs a token, and neither on a public one', async () => {
    const doc = (await app.rest('GET', '/api/openapi.json')).body;
    expect(Object.keys(doc.components.headers).sort()).toEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After']);
    const me = doc.paths['/api/users/profile/me'].get;
    expect(Object.keys(me.responses[200].headers)).toEqual(['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset']);
    expect(me.responses[429].headers['Retry-After']).toEqual({ $ref: '#/components/headers/Retry-After' });
    expect(me.responses[401].headers).toBeUndefined();
    const signIn = doc.paths['/api/auth/signin'].post;
    expect(signIn.responses[200].headers).toBeUndefined();
    for (const [path, item] of Object.entries<Record<string, { security: unknown[]; responses: Record<string, unknown> }>>(doc.paths)) {
      for (const [method, operation] of Object.entries(item)) {
        if (operation.security.length) expect({ path, method, has429: '429' in operation.responses }).toEqual({ path, method, has429: true });
      }
    }
  });
});
