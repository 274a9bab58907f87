/**
 * The practical ceiling for `npm run bench -- products`: a bare `node:http`
 * server doing the same work per request as the app, and nothing else.
 *
 * Per request it verifies the HS256 bearer token (jsonwebtoken, a KeyObject
 * made once, as backend/src/account/tokens.ts does), loads the session joined to
 * its user and the caller's personal workspace with the statement account/viewer.ts
 * runs (account/session.queries.js, account/workspace.queries.js), checks
 * revoked / expired / inactive, then runs the product statements the service
 * runs (imported from the built backend's queries files, `?`
 * placeholders numbered for pg), with a pg pool as large as the app's, and
 * answers the same JSON body as the REST route.
 *
 * Run as its own process (never inside the process running autocannon):
 *   DATABASE_URL=... JWT_SECRET=... PORT=... POOL_MAX=10 node bench/_products-baseline.mjs
 * It prints `listening <port>` on stdout when ready.
 */
import { createSecretKey } from 'node:crypto';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './_report.mjs';

const require = createRequire(join(repoRoot, 'backend/package.json'));
const jwt = require('jsonwebtoken');
const pg = require('pg');
const built = async (path) => {
  const module = await import(pathToFileURL(join(repoRoot, 'backend/dist/src', path)).href);
  return module.default ?? module;
};
const { productPageStatement, productStatsStatement, insertProductStatement } = await built('products/catalogue/product.queries.js');
const {
  productCountStatement,
  cappedMatchCountStatement,
  estimatedMatchCountStatement,
  plannedRows,
  estimatedTotal,
  sampledMatchCount,
  sampledMatchCountStatement,
  samplePercent,
  sampleSizesStatement,
  countedByTotals,
} = await built('products/catalogue/match-count.queries.js');
const { adjustStockStatement, countStockStatement, lockProductStatement } = await built('stock/stock.queries.js');
const { productByIdStatement } = await built('product-record/product-record.queries.js');
const { movementPageStatement, movementCountStatement } = await built('stock/stock-movement.queries.js');
const { movementFromRow } = await built('stock/movement-view.js');
const { sessionWithUserStatement } = await built('account/session.queries.js');
const { withMembership, callerPersonalWorkspace } = await built('account/workspace.queries.js');
const { isUuid, Rules } = require('@stockroom/schema');

// COUNT_CAP: the app's PRODUCT_COUNT_CAP (config.ts, 10,000 unless set).
const { DATABASE_URL, JWT_SECRET, WORKSPACE_ID, PORT = '0', POOL_MAX = '10', COUNT_CAP = '10000' } = process.env;
const countCap = Number(COUNT_CAP);
if (!DATABASE_URL || !JWT_SECRET) throw new Error('DATABASE_URL and JWT_SECRET are required');

// As MikroORM's driver does: timestamps arrive as text and are turned into Dates per row.
const types = new pg.TypeOverrides();
for (const oid of [1082, 1114, 1184, 1186]) types.setTypeParser(oid, (text) => text);
// Pool as the app's (orm-config.ts: min 0, max 10; knex's tarn closes connections idle for 30 s).
// The bench's one workspace, set on every connection as the app sets a request's: the database's search function reads it.
const pool = new pg.Pool({ connectionString: DATABASE_URL, max: Number(POOL_MAX), idleTimeoutMillis: 30_000, types, options: `-c stockroom.workspace_id=${WORKSPACE_ID}` });

const key = createSecretKey(Buffer.from(JWT_SECRET, 'utf8'));

/** `?` placeholders (knex) as `$1, $2, ...` (pg). */
const numbered = ({ sql, values }) => {
  let n = 0;
  return { text: sql.replace(/\?/g, () => `$${++n}`), values };
};

class HttpError extends Error {
  constructor(status, message) {
    super(message);
    this.status = status;
  }
}

async function viewer(req) {
  const token = req.headers.authorization?.match(/^Bearer\s+(\S+)$/i)?.[1];
  if (!token) throw new HttpError(401, 'Invalid token');
  let claims;
  try {
    claims = jwt.verify(token, key, { algorithms: ['HS256'] });
  } catch {
    throw new HttpError(401, 'Invalid token');
  }
  if (!isUuid(claims.sid) || !isUuid(claims.sub)) throw new HttpError(401, 'Invalid token');
  const { rows } = await pool.query(numbered(withMembership(sessionWithUserStatement(claims.sid, claims.sub), callerPersonalWorkspace)));
  if (!rows.length) throw new HttpError(401, 'Invalid token');
  const { session, user, membership } = rows[0];
  if (session.revoked_at || new Date(session.expires_at).getTime() <= Date.now()) throw new HttpError(401, 'Session expired');
  if (user.status !== 'Active') throw new HttpError(401, 'Account inactive');
  if (!membership) throw new HttpError(404, 'Workspace not found');
  return { id: user.id, workspaceId: membership.workspaceId };
}

const fromRow = (row) => ({ ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) });

async function list(workspaceId, params) {
  const page = Number(params.get('page') || 1);
  const limit = Number(params.get('limit') || 10);
  const inStock = params.get('inStock');
  const filter = {
    workspaceId,
    search: params.get('search')?.trim() || undefined,
    category: params.get('category')?.trim() || undefined,
    inStock: inStock === 'true' ? true : inStock === 'false' ? false : undefined,
    stockStatus: { in: 'IN_STOCK', low: 'LOW_STOCK', out: 'OUT_OF_STOCK' }[params.get('stockStatus')?.toLowerCase() ?? ''],
  };
  const sortBy = params.get('sortBy') || 'date';
  const sortOrder = params.get('sortOrder') || 'desc';
  const [rows, count] = await Promise.all([
    pool.query(numbered(productPageStatement({ ...filter, sortBy, sortOrder, limit, offset: (page - 1) * limit }))),
    countMatching(filter),
  ]);
  const shown = rows.rows.length;
  // As the service: a short page's end is the exact total; a full page means at least as many as up to its end.
  const upToThisPage = (page - 1) * limit + shown;
  const exactFromPage = count.isEstimate && shown > 0 && shown < limit;
  const total = !count.isEstimate ? count.total : exactFromPage ? upToThisPage : shown === 0 ? Math.min(count.total, upToThisPage) : Math.max(count.total, upToThisPage);
  const totalPages = Math.ceil(total / limit);
  return {
    products: rows.rows.map(fromRow),
    pagination: { page, limit, total, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1, totalIsEstimate: count.isEstimate && !exactFromPage },
  };
}

/** The app's count without its cache (the baseline recounts every time): the totals, or a count capped at COUNT_CAP, then a sampled estimate or the planner's. */
async function countMatching(filter) {
  if (countedByTotals(filter)) return { total: (await pool.query(numbered(productCountStatement(filter)))).rows[0].total, isEstimate: false };
  const { total } = (await pool.query(numbered(cappedMatchCountStatement(filter, countCap + 1)))).rows[0];
  if (total <= countCap) return { total, isEstimate: false };
  const [sizes] = (await pool.query(numbered(sampleSizesStatement(filter.workspaceId)))).rows;
  const percent = samplePercent(sizes, countCap);
  if (percent !== undefined) {
    const [sample] = (await pool.query(numbered(sampledMatchCountStatement(filter, percent)))).rows;
    const sampled = sampledMatchCount(sample, sizes, countCap);
    if (sampled !== undefined) return { total: estimatedTotal(sampled, countCap), isEstimate: true };
  }
  const [plan] = (await pool.query(numbered(estimatedMatchCountStatement(filter)))).rows;
  return { total: estimatedTotal(plannedRows(plan), countCap), isEstimate: true };
}

async function stats(workspaceId) {
  const { rows } = await pool.query(numbered(productStatsStatement(workspaceId)));
  return { stats: rows[0] };
}

async function create({ id: userId, workspaceId }, body) {
  const input = JSON.parse(body);
  const { rows } = await pool.query(
    numbered(
      insertProductStatement({
        workspaceId,
        name: String(input.name).trim(),
        description: String(input.description).trim(),
        price: Number(input.price),
        category: String(input.category).trim(),
        quantity: Number(input.quantity),
        imageUrl: null,
        featured: input.featured === true,
      }, userId),
    ),
  );
  return { product: fromRow(rows[0]) };
}

/** Answers as the service does when the statement returns no row: the product is someone else's, missing, or short of stock. */
async function ownProductOr404(workspaceId, id) {
  const { rows } = await pool.query(numbered(productByIdStatement(id)));
  if (!rows.length || rows[0].workspaceId !== workspaceId) throw new HttpError(404, 'Product not found');
  return rows[0];
}

async function adjust({ id: userId, workspaceId }, id, body) {
  const { delta, reason } = JSON.parse(body);
  const movement = { reason: reason ?? (delta < 0 ? 'SALE' : 'RECEIPT'), note: null };
  const { rows } = await pool.query(numbered(adjustStockStatement(id, workspaceId, delta, Rules.quantity, movement, userId)));
  if (!rows.length) {
    await ownProductOr404(workspaceId, id);
    throw new HttpError(409, 'Insufficient stock');
  }
  return { product: fromRow(rows[0]) };
}

async function count({ id: userId, workspaceId }, id, body) {
  const { quantity } = JSON.parse(body);
  const statement = numbered(countStockStatement(id, workspaceId, quantity, null, userId, null, Rules.quantity.max));
  let rows;
  try {
    ({ rows } = await pool.query(statement));
  } catch (error) {
    // As the app does: a sale landed while the count waited, so it counts again holding the product.
    if (error.code !== '40001' && !(error.code === '23514' && error.constraint === 'products_quantity_check')) throw error;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      await client.query(numbered(lockProductStatement(id, workspaceId)));
      ({ rows } = await client.query(statement));
      await client.query('COMMIT');
    } catch (failure) {
      await client.query('ROLLBACK');
      throw failure;
    } finally {
      client.release();
    }
  }
  if (!rows.length) throw new HttpError(404, 'Product not found');
  return { product: fromRow(rows[0]) };
}

async function movements(workspaceId, id, params) {
  const page = Number(params.get('page') || 1);
  const limit = Number(params.get('limit') || 10);
  await ownProductOr404(workspaceId, id);
  const [rows, counted] = await Promise.all([
    pool.query(numbered(movementPageStatement(id, workspaceId, limit, (page - 1) * limit))),
    pool.query(numbered(movementCountStatement(id, workspaceId))),
  ]);
  const { total } = counted.rows[0];
  const totalPages = Math.ceil(total / limit);
  return {
    movements: rows.rows.map(movementFromRow),
    pagination: { page, limit, total, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1, totalIsEstimate: false },
  };
}

const readBody = (req) =>
  new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

function send(res, status, body) {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

const server = createServer(async (req, res) => {
  try {
    const url = new URL(req.url, 'http://localhost');
    if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, { ok: true });
    const user = await viewer(req);
    if (req.method === 'GET' && url.pathname === '/products') return send(res, 200, await list(user.workspaceId, url.searchParams));
    if (req.method === 'GET' && url.pathname === '/products/stats') return send(res, 200, await stats(user.workspaceId));
    if (req.method === 'POST' && url.pathname === '/products') return send(res, 201, await create(user, await readBody(req)));
    const [, id, action] = url.pathname.match(/^\/products\/([0-9a-f-]{36})\/(stock|stock\/count|movements)$/) ?? [];
    if (req.method === 'POST' && action === 'stock') return send(res, 200, await adjust(user, id, await readBody(req)));
    if (req.method === 'POST' && action === 'stock/count') return send(res, 200, await count(user, id, await readBody(req)));
    if (req.method === 'GET' && action === 'movements') return send(res, 200, await movements(user.workspaceId, id, url.searchParams));
    send(res, 404, { message: 'Not found' });
  } catch (error) {
    send(res, error.status ?? 500, { message: error.status ? error.message : 'Internal server error' });
    if (!error.status) console.error(error);
  }
});
server.keepAliveTimeout = 60_000;

server.listen(Number(PORT), '127.0.0.1', () => console.log(`listening ${server.address().port}`));
for (const signal of ['SIGTERM', 'SIGINT']) {
  process.on(signal, () => {
    server.close();
    server.closeAllConnections();
    pool.end().finally(() => process.exit(0));
  });
}
