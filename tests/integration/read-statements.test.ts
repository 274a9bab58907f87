import { WORKSPACE_HEADER } from '@stockroom/schema';
import { Client } from 'pg';
import { PRODUCT, PRODUCT_STATS, PRODUCTS, createProduct } from '../support/products';
import { logStatements, WRITE_STATEMENT, type StatementLog } from '../support/statement-log';
import { ME, signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * A signed-in read writes nothing and costs a known number of statements:
 * each read of the catalogue, the stock history and levels, stock counts, the dashboard, the
 * profile and the caller's workspaces (asked on every signed-in first view),
 * over REST and GraphQL, with a session and with a personal access
 * token. The statements the app sends to PostgreSQL while it answers are
 * noted (every pg client of the process is hooked); none may insert, update
 * or delete, lock a row or take a sequence value, and their number may not
 * grow: a feature that adds a write or a round trip to every read fails here.
 * The requests counted against the rate limit (and a token's last use) are
 * written apart from any request, in batches (see account/caller-usage.ts).
 */

/** What a connection is sent when the workspace it carries is not the request's (see db/workspace-scope.ts). */
const WORKSPACE_SETTING_STATEMENT = "SELECT set_config('stockroom.workspace_id', $1, false)";

const WORKSPACES = `query Workspaces { workspaces { id name role personal } }`;
/** What the client's session check asks on every signed-in first view: the profile with the account's workspaces. */
const ME_WITH_WORKSPACES = `query Me { me { id email fullName emailVerified } workspaces { id name role personal } }`;
const DASHBOARD = `query Dashboard { dashboard { overview { totalProducts inStock } recentActivity { title } inventory { inStock } } }`;
const MOVEMENTS = `query Movements($id: ID!) { product(id: $id) { id movements(page: 1, limit: 10) { movements { delta reason } pagination { total } } } }`;
const PRODUCT_STOCK = `query ProductStock($id: ID!) { productStock(id: $id) { total levels { quantity ledgerPosition } } }`;
const STOCK_COUNTS = `query StockCounts { stockCounts(limit: 10) { stockCounts { id status lineCount } pagination { total } } }`;
const STOCK_COUNT = `query StockCount($id: ID!) { stockCount(id: $id) { stockCount { id status } lines { id quantity status } } }`;
const STOCK_COUNT_STOCK = `query StockCountStock($id: ID!) { stockCountStock(id: $id) { locationIds quantitiesHidden products { productId levels { locationId quantity ledgerPosition } } } }`;
const STOCK_COUNT_REVIEW = `query StockCountReview($id: ID!) { stockCountReview(id: $id) { expectedHidden items { counted expected } notCounted { expected } } }`;

let app: TestApp;
let statements: StatementLog;
let session: string;
let token: string;
let productId: string;
let countId: string;

beforeAll(async () => {
  // No job workers (nothing polls the database between requests), and no timed write of the counts during one.
  app = await startTestApp({ WORKER: '0', API_RATE_FLUSH_MS: '60000' });
  ({ token: session } = await signUpUser(app));
  productId = (await createProduct(app, session, { quantity: 5 })).id;
  expect((await app.rest('POST', `/api/products/${productId}/stock`, { delta: -2, reason: 'SALE' }, { token: session })).status).toBe(200);
  countId = (await app.rest('POST', '/api/stock-counts', {}, { token: session })).body.stockCount.id;
  const line = await app.rest('POST', `/api/stock-counts/${countId}/lines`, { productId, quantity: 2, ledgerPosition: '0' }, { token: session });
  expect(line.status).toBe(201);
  const created = await app.rest('POST', '/api/users/profile/tokens', { name: 'Reads', scopes: ['read'] }, { token: session });
  expect(created.status).toBe(201);
  token = created.body.token;
  statements = logStatements();
});
afterAll(async () => {
  statements?.stop();
  await app.close();
});

interface Read {
  name: string;
  /** Sends the read and says whether it was answered in full. */
  send(credential: string): Promise<boolean>;
  /** The most statements it may send, today's count: raise it only for a reason worth a round trip on every read. */
  most: number;
  /** Refused to a personal access token (403), as what concerns the account rather than one workspace is. */
  sessionOnly?: boolean;
}

const restRead = (name: string, path: () => string, most: number): Read => ({
  name: `REST ${name}`,
  send: async (credential) => (await app.rest('GET', path(), undefined, { token: credential })).status === 200,
  most,
});

const graphqlRead = (name: string, query: string, variables: () => Record<string, unknown>, most: number): Read => ({
  name: `GraphQL ${name}`,
  send: async (credential) => {
    const answer = await app.gql(query, variables(), { token: credential });
    return answer.status === 200 && answer.errors === undefined;
  },
  most,
});

const READS: Read[] = [
  restRead('product list', () => '/api/products?limit=10', 3),
  restRead('one product', () => `/api/products/${productId}`, 2),
  restRead('stats', () => '/api/products/stats', 2),
  restRead('stock history', () => `/api/products/${productId}/movements?page=1&limit=10`, 4),
  restRead('product stock', () => `/api/products/${productId}/stock`, 4),
  restRead('stock counts', () => '/api/stock-counts?limit=10', 4),
  restRead('one stock count', () => `/api/stock-counts/${countId}`, 4),
  restRead('stock count review', () => `/api/stock-counts/${countId}/review`, 6),
  restRead("stock count's scope stock", () => `/api/stock-counts/${countId}/stock`, 4),
  restRead('dashboard', () => '/api/dashboard', 7),
  restRead('profile', () => '/api/users/profile/me', 1),
  { ...restRead('workspaces', () => '/api/workspaces', 2), sessionOnly: true },
  graphqlRead('product list', PRODUCTS, () => ({ query: { limit: 10 } }), 3),
  graphqlRead('one product', PRODUCT, () => ({ id: productId }), 2),
  graphqlRead('stats', PRODUCT_STATS, () => ({}), 2),
  graphqlRead('stock history', MOVEMENTS, () => ({ id: productId }), 4),
  graphqlRead('product stock', PRODUCT_STOCK, () => ({ id: productId }), 4),
  graphqlRead('stock counts', STOCK_COUNTS, () => ({}), 4),
  graphqlRead('one stock count', STOCK_COUNT, () => ({ id: countId }), 4),
  graphqlRead('stock count review', STOCK_COUNT_REVIEW, () => ({ id: countId }), 6),
  graphqlRead("stock count's scope stock", STOCK_COUNT_STOCK, () => ({ id: countId }), 4),
  graphqlRead('dashboard', DASHBOARD, () => ({}), 7),
  graphqlRead('profile', ME, () => ({}), 1),
  { ...graphqlRead('workspaces', WORKSPACES, () => ({}), 2), sessionOnly: true },
  { ...graphqlRead('profile with its workspaces', ME_WITH_WORKSPACES, () => ({}), 2), sessionOnly: true },
];

describe.each([
  ['a session', () => session, READS],
  ['a personal access token', () => token, READS.filter((read) => !read.sessionOnly)],
])('signed in with %s', (_, credential, reads) => {
  it.each(reads.map((read) => [read.name, read] as const))('%s writes nothing, in at most its statements', async (_name, read) => {
    // What earlier requests counted is written first, so only this request's own statements are noted.
    await app.writeCounts();
    const { result: answered, statements: all, prepared } = await statements.during(() => read.send(credential()));
    const settings = all.filter((text) => text === WORKSPACE_SETTING_STATEMENT);
    const sent = all.filter((text) => text !== WORKSPACE_SETTING_STATEMENT);
    expect(answered).toBe(true);
    // The caller's lookup, which every signed-in request runs, is parsed and planned once per connection.
    expect(prepared).toEqual([expect.stringMatching(/LEFT JOIN rate_limit_buckets/)]);
    expect(sent.filter((text) => WRITE_STATEMENT.test(text))).toEqual([]);
    // On failure, the statements past the bound.
    expect(sent.slice(read.most)).toEqual([]);
    expect(sent.length).toBeLessThanOrEqual(read.most);
    // Row-level security's price: a connection that last served another workspace (or none) is set to this
    // request's before a statement runs on it, one round trip at most per statement, and none for a connection
    // that already carries it (see db/workspace-scope.ts). Those round trips are bounded here, apart from the reads'.
    expect(settings.length).toBeLessThanOrEqual(sent.length);
  });
});

describe('what reads count', () => {
  it('is written apart from them, in one batch: the budgets\' hits and the token\'s last use', async () => {
    // Through a connection of its own: the test app's sql() would write the counts first.
    const watcher = new Client({ connectionString: app.databaseUrl });
    await watcher.connect();
    try {
      await app.sql(`UPDATE api_tokens SET last_used_at = now() - interval '2 minutes'`);
      const written = async () => {
        const { rows } = await watcher.query(
          `SELECT (SELECT hits FROM rate_limit_buckets WHERE key LIKE 'api:session:%') AS session, (SELECT hits FROM rate_limit_buckets WHERE key LIKE 'api:token:%') AS token,
            (SELECT last_used_at > now() - interval '1 minute' FROM api_tokens) AS "tokenUsedNow"`,
        );
        return rows[0] as { session: number; token: number; tokenUsedNow: boolean };
      };
      const before = await written();
      expect(before.tokenUsedNow).toBe(false);
      const answers = await Promise.all([
        app.rest('GET', '/api/products/stats', undefined, { token: session }),
        app.gql(PRODUCT_STATS, {}, { token: session }),
        app.rest('GET', '/api/products/stats', undefined, { token }),
        app.gql(PRODUCT_STATS, {}, { token }),
        app.rest('GET', `/api/products/${productId}`, undefined, { token }),
      ]);
      expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 200, 200]);
      expect(await written()).toEqual(before);

      const { statements: sent } = await statements.during(() => app.writeCounts());
      const batch = sent.filter((text) => text !== WORKSPACE_SETTING_STATEMENT);
      expect(batch).toEqual([expect.stringMatching(/^INSERT INTO rate_limit_buckets/), expect.stringMatching(/^UPDATE api_tokens SET last_used_at/)]);
      // Written in no workspace: a connection that last served a request's is reset first, once.
      expect(sent.length - batch.length).toBeLessThanOrEqual(1);
      expect(await written()).toEqual({ session: before.session + 2, token: before.token + 3, tokenUsedNow: true });
    } finally {
      await watcher.end();
    }
  });
});

describe('the workspace a connection carries', () => {
  let team: string;
  beforeAll(async () => {
    team = (await app.gql(`mutation { createWorkspace(input: { name: "Second shop" }) { id } }`, {}, { token: session })).data.createWorkspace.id;
  });

  /** The product list read in `workspace` (the personal one without): where its workspace settings fell. */
  const listIn = async (workspace: string | undefined) => {
    await app.writeCounts();
    const headers = workspace ? { [WORKSPACE_HEADER]: workspace } : undefined;
    const { result: answer, statements: all } = await statements.during(() => app.gql(PRODUCTS, { query: { limit: 10 } }, { token: session, headers }));
    expect(answer.errors).toBeUndefined();
    const lookup = all.findIndex((text) => /LEFT JOIN rate_limit_buckets/.test(text));
    const after = all.slice(lookup + 1);
    const sets = after.filter((text) => text === WORKSPACE_SETTING_STATEMENT).length;
    return { setsBeforeLookup: all.slice(0, lookup).filter((text) => text === WORKSPACE_SETTING_STATEMENT).length, setsAfter: sets, statementsAfter: after.length - sets };
  };

  it('is not set again for reads in the workspace it already carries', async () => {
    // However many connections earlier tests left idle, each is set once at most.
    for (let round = 0; round < 10; round += 1) await listIn(team);
    const settled = [await listIn(team), await listIn(team), await listIn(team)];
    expect(settled).toEqual(settled.map(({ statementsAfter }) => ({ setsBeforeLookup: 0, setsAfter: 0, statementsAfter })));
  });

  it('is never set for the caller’s lookup, and at most once for each statement after it', async () => {
    // Reads that alternate between two workspaces, so that every connection of the pool last served the other one.
    const rounds = [];
    for (const workspace of [undefined, team, undefined, team, undefined, team]) rounds.push(await listIn(workspace));
    expect(rounds.map(({ setsBeforeLookup, setsAfter, statementsAfter }) => ({ setsBeforeLookup, tooMany: setsAfter > statementsAfter }))).toEqual(
      rounds.map(() => ({ setsBeforeLookup: 0, tooMany: false })),
    );
  });
});
