import 'reflect-metadata';
import { randomInt } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Client } from 'pg';
import { normalizeEmail } from '../src/account/email-uniqueness';
import { hashPassword } from '../src/account/password-hasher';
import { ConfigError, loadConfig } from '../src/config/config';
import { openDatabase } from '../src/app/database';
import { productFixtures, type ProductFixture } from '../src/products/product-fixtures';
import { User } from '../src/account/user.entity';
import { openScriptDatabase } from './script-database';

/**
 * `npm run seed -- --products N [--user email | --tenants N] [--seed n] [--batch n]`
 *
 * Fills one user's catalogue (or the catalogues of N new accounts, a shop
 * each) with realistic products, in the database
 * `npm start` uses (DATABASE_URL, else the embedded PostgreSQL in DATA_DIR,
 * whether or not the server is running), after applying pending migrations.
 * Rows go in as batches of `INSERT ... SELECT FROM unnest(...)` inside one
 * transaction (all or nothing), then VACUUM ANALYZE so the planner and the
 * index-only scans see them at once.
 */

export const DEMO_USER = { email: 'demo@stockroom.local', password: 'Demo#Stockroom1', firstName: 'Demo', lastName: 'User' } as const;
const DEFAULT_BATCH = 5_000;
const MAX_PRODUCTS = 10_000_000;
const MAX_TENANTS = 100_000;

/**
 * Each product goes in with a plausible stock history, in the same statement:
 * an INITIAL stock, a delivery (RECEIPT), one to three sales and, for about
 * a third, a stocktake that found a few missing (COUNT). The amounts are
 * chosen so that every step stays at or above 0 and the movements sum to the
 * product's quantity, as the app keeps them: INITIAL = quantity + extra +
 * shrink, then +receipt, then sales of receipt + extra in all, then -shrink.
 * About one in five (and the warehouse-sized stocks, which a delivery could
 * push past the maximum) keep only the INITIAL movement, like a product
 * added and not touched since. The steps are spread evenly from the
 * product's creation to now. The rows carry no `last_change`, so the
 * triggers on products record no movement or activity of their own for
 * them (only their stock level, at the workspace's default location): the
 * history here is theirs, at that location.
 */
const INSERT_BATCH = `WITH created AS (
    INSERT INTO products (id, created_by, workspace_id, name, description, price, category, quantity, image_url, featured, created_at, updated_at, sku, barcode, reorder_level)
    SELECT gen_random_uuid(), $1::uuid, (SELECT id FROM workspaces WHERE personal_user_id = $1::uuid), * FROM unnest($2::text[], $3::text[], $4::numeric[], $5::text[], $6::int[], $7::text[], $8::bool[], $9::timestamptz[], $10::timestamptz[], $11::text[], $12::text[], $13::int[])
    RETURNING id, workspace_id, created_by, quantity, created_at),
  plan AS (
    SELECT id, workspace_id, created_by, quantity, created_at, sales, receipt, extra, shrink,
      CASE WHEN sales = 0 THEN 0 ELSE 1 + sales + (shrink > 0)::int END AS steps
    FROM (SELECT c.*,
        CASE WHEN c.quantity > 90000 OR random() < 0.2 THEN 0 ELSE 1 + floor(random() * 3)::int END AS sales,
        10 + floor(random() * 40)::int AS receipt, floor(random() * 20)::int AS extra,
        CASE WHEN random() < 0.33 THEN 1 + floor(random() * 3)::int ELSE 0 END AS shrink
      FROM created c) AS drawn),
  moves AS (
    SELECT p.id, p.workspace_id, p.created_by, step.n AS step,
      CASE WHEN step.n = 0 THEN CASE WHEN p.sales = 0 THEN p.quantity ELSE p.quantity + p.extra + p.shrink END
           WHEN step.n = 1 THEN p.receipt
           WHEN step.n <= 1 + p.sales THEN -((p.receipt + p.extra) / p.sales + CASE WHEN step.n = 1 + p.sales THEN (p.receipt + p.extra) % p.sales ELSE 0 END)
           ELSE -p.shrink END AS delta,
      CASE WHEN step.n = 0 THEN 'INITIAL' WHEN step.n = 1 THEN 'RECEIPT' WHEN step.n <= 1 + p.sales THEN 'SALE' ELSE 'COUNT' END AS reason,
      p.created_at + (now() - p.created_at) * step.n / (p.steps + 1) AS at
    FROM plan p CROSS JOIN LATERAL generate_series(0, p.steps) AS step(n))
  INSERT INTO stock_movements (product_id, workspace_id, location_id, user_id, delta, quantity_after, reason, created_at)
  SELECT id, workspace_id, default_location(workspace_id), created_by, delta, sum(delta) OVER (PARTITION BY id ORDER BY step), reason, at FROM moves ORDER BY id, step`;

export interface SeedOptions {
  /**
   * The accounts whose personal workspaces get the products, `count` each; each is named as their
   * creator. A function makes them inside the seed's transaction, so an interrupted seed leaves no
   * account behind either.
   */
  userIds: readonly string[] | ((client: Client) => Promise<readonly string[]>);
  /** Products per account. */
  count: number;
  seed: number;
  batchSize?: number;
  /** Called after each batch with the rows inserted so far. */
  onProgress?: (done: number) => void;
  /** Called before and after the index rebuild of a large seed. */
  onIndexes?: (event: { phase: 'start'; count: number } | { phase: 'done'; seconds: number }) => void;
}

/** Seeds at least this large, and at least as large as the table, rebuild the indexes instead of updating them row by row. */
const REBUILD_FROM_ROWS = 20_000;

/** The table's own indexes (not those behind a primary key or unique constraint), as CREATE INDEX statements. */
async function secondaryIndexes(client: Client): Promise<{ name: string; definition: string }[]> {
  const { rows } = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
      WHERE i.indrelid = 'products'::regclass
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)
      ORDER BY 1`,
  );
  return rows;
}

function batchValues(userId: string, rows: ProductFixture[]): unknown[] {
  return [
    userId,
    rows.map((r) => r.name),
    rows.map((r) => r.description),
    rows.map((r) => r.price),
    rows.map((r) => r.category),
    rows.map((r) => r.quantity),
    rows.map((r) => r.imageUrl),
    rows.map((r) => r.featured),
    rows.map((r) => r.createdAt.toISOString()),
    rows.map((r) => r.updatedAt.toISOString()),
    rows.map((r) => r.sku),
    rows.map((r) => r.barcode),
    rows.map((r) => r.reorderLevel),
  ];
}

/**
 * Inserts `count` generated products for one owner in one transaction, then
 * VACUUM ANALYZE. A large seed (at least REBUILD_FROM_ROWS rows and at least
 * as many as the table holds) drops the secondary indexes inside the
 * transaction and creates them again at the end: building a trigram index
 * once is several times faster than updating it per row. The drop locks the
 * table until the commit, and any failure rolls the whole seed back,
 * indexes included.
 */
export async function seedProducts(client: Client, { userIds, count, seed, batchSize = DEFAULT_BATCH, onProgress, onIndexes }: SeedOptions): Promise<void> {
  await client.query('BEGIN');
  try {
    const owners = typeof userIds === 'function' ? await userIds(client) : userIds;
    const total = count * owners.length;
    await client.query(`SET LOCAL maintenance_work_mem = '1GB'`);
    // The histories are drawn with random(): the same seed gives the same ones.
    await client.query('SELECT setseed($1)', [seed / 2 ** 32]);
    const {
      rows: [{ existing }],
    } = await client.query<{ existing: number }>(`SELECT count(*)::int AS existing FROM products`);
    const rebuild = total >= REBUILD_FROM_ROWS && total >= existing ? await secondaryIndexes(client) : [];
    for (const { name } of rebuild) await client.query(`DROP INDEX ${name}`);
    let done = 0;
    for (const [index, userId] of owners.entries()) {
      // Numbered after the owner's products so far, so a second seed's SKUs do not collide with the first's.
      const {
        rows: [{ owned }],
      } = await client.query<{ owned: number }>('SELECT count(*)::int AS owned FROM products WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)', [userId]);
      // Each account its own catalogue, and the first the one a single-account seed gives.
      const next = productFixtures((seed + index) >>> 0, Date.now(), owned + 1);
      const batch = (inserted: number) => Array.from({ length: Math.min(batchSize, count - inserted) }, next);
      let rows = batch(0);
      for (let inserted = 0; inserted < count; ) {
        const stored = client.query(INSERT_BATCH, batchValues(userId, rows));
        inserted += rows.length;
        // Make the next batch while PostgreSQL stores this one.
        const upcoming = inserted < count ? batch(inserted) : [];
        await stored;
        rows = upcoming;
        onProgress?.(done + inserted);
      }
      done += count;
    }
    if (rebuild.length) {
      onIndexes?.({ phase: 'start', count: rebuild.length });
      const started = performance.now();
      for (const { definition } of rebuild) await client.query(definition);
      onIndexes?.({ phase: 'done', seconds: (performance.now() - started) / 1000 });
    }
    await client.query('COMMIT');
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  }
  // Every table the rows and their triggers filled: planned without statistics for the stock
  // levels, a stock change read all of them, ten times its PostgreSQL time with them.
  await client.query('VACUUM (ANALYZE) products, stock_levels, stock_movements');
}

/**
 * `count` new accounts in one statement, each a shop of its own (the trigger
 * on users opens its personal workspace): "Tenant 1" to "Tenant N", verified,
 * with the demo user's password. Their emails carry `seed`, so a second run
 * with another seed adds accounts beside the first run's.
 */
export async function createTenants(client: Client, count: number, seed: number, passwordHash: string): Promise<string[]> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO users (id, email, first_name, last_name, password_hash, email_verified)
     SELECT gen_random_uuid(), 'tenant-' || i || '-' || $2::text || '@seed.stockroom.local', 'Tenant', i::text, $3, true
       FROM generate_series(1, $1::int) AS i
     RETURNING id`,
    [count, String(seed), passwordHash],
  );
  return rows.map((row) => row.id);
}

interface Args {
  products: number;
  user?: string;
  tenants?: number;
  seed: number;
  seedGiven: boolean;
  batch: number;
}

const USAGE = `usage: npm run seed -- --products N [--user email | --tenants N] [--seed n] [--batch n]

  --products N   how many products to add (1 to ${MAX_PRODUCTS.toLocaleString('en')}), to each catalogue
  --user email   whose catalogue (the account must exist); default: the demo user, created if missing
  --tenants N    instead, N new accounts (1 to ${MAX_TENANTS.toLocaleString('en')}), a shop each, with the demo password
  --seed n       the same n gives the same products (default: random, printed)
  --batch n      rows per INSERT (default ${DEFAULT_BATCH})

Uses DATABASE_URL when set, otherwise the embedded PostgreSQL in DATA_DIR (default ./.data).`;

class UsageError extends Error {}
/** A problem to report in one line, without a stack. */
class SeedError extends Error {}

function parseArgs(argv: string[]): Args {
  const values = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') throw new UsageError('');
    const match = /^--(products|user|tenants|seed|batch)(?:=(.*))?$/.exec(arg);
    if (!match) throw new UsageError(`unknown argument "${arg}"`);
    const value = match[2] ?? argv[++i];
    if (value === undefined) throw new UsageError(`--${match[1]} needs a value`);
    values.set(match[1], value);
  }
  const whole = (name: string, min: number, max: number, fallback?: number): number => {
    const raw = values.get(name);
    if (raw === undefined) {
      if (fallback === undefined) throw new UsageError(`--${name} is required`);
      return fallback;
    }
    const n = Number(raw.replaceAll('_', ''));
    if (!Number.isInteger(n) || n < min || n > max) throw new UsageError(`--${name} must be a whole number from ${min} to ${max} (got "${raw}")`);
    return n;
  };
  if (values.has('user') && values.has('tenants')) throw new UsageError('--user and --tenants do not go together');
  const products = whole('products', 1, MAX_PRODUCTS);
  const tenants = values.has('tenants') ? whole('tenants', 1, MAX_TENANTS) : undefined;
  if (tenants !== undefined && tenants * products > MAX_PRODUCTS) throw new UsageError(`--tenants × --products may be at most ${MAX_PRODUCTS.toLocaleString('en')}`);
  return {
    products,
    tenants,
    user: values.has('user') ? normalizeEmail(values.get('user')!) : undefined,
    seed: whole('seed', 0, 2 ** 32 - 1, randomInt(2 ** 32 - 1)),
    seedGiven: values.has('seed'),
    batch: whole('batch', 1, 50_000, DEFAULT_BATCH),
  };
}

const formatInt = (n: number) => Math.round(n).toLocaleString('en');

function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '--';
  if (seconds < 60) return `${seconds.toFixed(seconds < 10 ? 1 : 0)}s`;
  return `${Math.floor(seconds / 60)}m${String(Math.round(seconds % 60)).padStart(2, '0')}s`;
}

/** A one-line progress bar on stderr (`\r` redrawn on a terminal, a line per tenth otherwise). */
export function progressBar(total: number, stream: NodeJS.WriteStream = process.stderr) {
  const started = performance.now();
  const width = 30;
  let lastTenth = -1;
  let finished = false;
  const render = (done: number) => {
    const elapsed = (performance.now() - started) / 1000;
    const rate = done / Math.max(elapsed, 1e-3);
    const fraction = done / total;
    const filled = Math.round(fraction * width);
    const bar = `${'█'.repeat(filled)}${'░'.repeat(width - filled)}`;
    return `${bar} ${(fraction * 100).toFixed(1).padStart(5)}%  ${formatInt(done)}/${formatInt(total)} rows  ${formatInt(rate)} rows/s  ETA ${formatDuration((total - done) / rate)}`;
  };
  return {
    update(done: number) {
      if (stream.isTTY) {
        stream.write(`\r\x1b[2K${render(done)}`);
      } else {
        const tenth = Math.floor((done / total) * 10);
        if (tenth !== lastTenth) {
          lastTenth = tenth;
          stream.write(`${render(done)}\n`);
        }
      }
    },
    /** Ends the bar (once) and returns the seconds since it started. */
    done() {
      if (stream.isTTY && !finished) stream.write('\n');
      finished = true;
      return (performance.now() - started) / 1000;
    },
  };
}

/** Reports a seed's progress on stderr, and its index rebuild if it has one. */
function progressReporter(total: number) {
  const bar = progressBar(total);
  bar.update(0);
  return {
    bar,
    onProgress: (done: number) => bar.update(done),
    onIndexes: (event: { phase: 'start'; count: number } | { phase: 'done'; seconds: number }) => {
      if (event.phase === 'start') {
        const seconds = bar.done();
        console.error(`Rows in after ${seconds.toFixed(1)} s; rebuilding ${event.count} indexes (one build beats ${formatInt(total)} updates) ...`);
      } else console.error(`Indexes rebuilt in ${event.seconds.toFixed(1)} s; committing and running VACUUM ANALYZE ...`);
    },
  };
}

/** `--user` or the demo user: one catalogue. */
async function seedOneCatalogue(client: Client, em: EntityManager, args: Args): Promise<void> {
  let user: User | null;
  if (args.user) {
    user = await em.findOne(User, { email: args.user });
    if (!user) throw new SeedError(`No account has the email ${args.user}. Sign up first, or leave out --user to seed the demo user's catalogue.`);
  } else {
    user = await em.findOne(User, { email: DEMO_USER.email });
    const created = !user;
    if (!user) {
      const { password, ...fields } = DEMO_USER;
      user = em.create(User, { ...fields, emailVerified: true, passwordHash: await hashPassword(password) });
      await em.flush();
    }
    console.info(`Demo user ${created ? '(created)' : '(existing)'}: email ${DEMO_USER.email}  password ${DEMO_USER.password}${created ? '' : ' (unless changed since)'}`);
  }
  console.error(`Seeding ${formatInt(args.products)} products for ${user.email} (seed ${args.seed}${args.seedGiven ? '' : `; --seed ${args.seed} repeats this catalogue`}) ...`);
  const started = performance.now();
  const { bar, onProgress, onIndexes } = progressReporter(args.products);
  await seedProducts(client, { userIds: [user.id], count: args.products, seed: args.seed, batchSize: args.batch, onProgress, onIndexes });
  bar.done();
  const seconds = (performance.now() - started) / 1000;
  const { rows } = await client.query<{ total: number }>('SELECT count(*)::int AS total FROM products WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)', [user.id]);
  console.info(
    `Added ${formatInt(args.products)} products in ${seconds.toFixed(1)} s (${formatInt(args.products / seconds)} rows/s, indexes and VACUUM ANALYZE included); ${user.email} now has ${formatInt(rows[0].total)}.`,
  );
}

/** `--tenants N`: N new accounts, `--products` each. */
async function seedTenants(client: Client, tenants: number, args: Args): Promise<void> {
  const total = tenants * args.products;
  console.error(`Seeding ${formatInt(tenants)} new accounts with ${formatInt(args.products)} products each (seed ${args.seed}) ...`);
  const started = performance.now();
  const passwordHash = await hashPassword(DEMO_USER.password);
  const { bar, onProgress, onIndexes } = progressReporter(total);
  const userIds = (tx: Client) => createTenants(tx, tenants, args.seed, passwordHash);
  await seedProducts(client, { userIds, count: args.products, seed: args.seed, batchSize: args.batch, onProgress, onIndexes }).catch((error: { code?: string }) => {
    if (error.code === '23505') throw new SeedError(`Accounts of seed ${args.seed} exist already: give another --seed.`);
    throw error;
  });
  bar.done();
  const seconds = (performance.now() - started) / 1000;
  console.info(
    `Added ${formatInt(tenants)} accounts (tenant-1-${args.seed}@seed.stockroom.local and on, password ${DEMO_USER.password}) with ${formatInt(total)} products in ${seconds.toFixed(1)} s.`,
  );
}

async function main() {
  let args: Args;
  try {
    args = parseArgs(process.argv.slice(2));
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    console.error(error.message ? `${error.message}\n\n${USAGE}` : USAGE);
    process.exit(error.message ? 2 : 0);
  }
  const config = loadConfig();
  const db = await openScriptDatabase(config);
  const url = db.url;
  const orm = await openDatabase(url);
  const client = new Client({ connectionString: url });
  let interrupted = false;
  const onSignal = () => {
    // The open transaction rolls back when the connection closes: nothing half-seeded stays.
    interrupted = true;
    console.error('\nInterrupted: rolling back');
    client.end().catch(() => {});
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    await client.connect();
    if (args.tenants !== undefined) await seedTenants(client, args.tenants, args);
    else await seedOneCatalogue(client, orm.em.fork(), args);
  } catch (error) {
    if (interrupted) process.exitCode = 130;
    else throw error;
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    await client.end().catch(() => {});
    await orm.close();
    await db.stop();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error instanceof ConfigError || error instanceof SeedError ? error.message : error);
    process.exit(1);
  });
}
