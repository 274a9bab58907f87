import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { stockStatus } from '@stockroom/schema';
import { createMigratedDatabase } from '../support/test-app';

/**
 * The triggers on products and the functions they use are defined in
 * backend/src/db/triggers/*.sql, and a migration applies them. A migrated
 * database must hold exactly what the files define: a .sql edit without a
 * migration, or a migration without the .sql edit, fails here. And "low" and
 * "out of stock" mean the same in SQL and in TypeScript.
 */
const TRIGGERS_DIR = join(__dirname, '../../backend/src/db/triggers');
const triggerFiles = () =>
  readdirSync(TRIGGERS_DIR)
    .filter((name) => name.endsWith('.sql'))
    .sort()
    .map((name) => readFileSync(join(TRIGGERS_DIR, name), 'utf8'));

/** Every function of the app's own (not an extension's) and every trigger on products, as PostgreSQL prints them back. */
const DEFINITIONS = `
  SELECT 'function ' || p.oid::regprocedure::text AS name, pg_get_functiondef(p.oid) AS definition
  FROM pg_proc AS p JOIN pg_namespace AS n ON n.oid = p.pronamespace
  WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_depend AS d WHERE d.objid = p.oid AND d.deptype = 'e')
  UNION ALL
  SELECT 'trigger ' || t.tgname, pg_get_triggerdef(t.oid) FROM pg_trigger AS t WHERE t.tgrelid = 'products'::regclass AND NOT t.tgisinternal
  ORDER BY 1`;

/** Drops every trigger on products and every function of the app's own, so only what the files create is left. */
const DROP_ALL = `DO $$
  DECLARE r record;
  BEGIN
    FOR r IN SELECT tgname FROM pg_trigger WHERE tgrelid = 'products'::regclass AND NOT tgisinternal LOOP
      EXECUTE format('DROP TRIGGER %I ON products', r.tgname);
    END LOOP;
    FOR r IN SELECT p.oid::regprocedure AS fn FROM pg_proc AS p JOIN pg_namespace AS n ON n.oid = p.pronamespace
      WHERE n.nspname = 'public' AND NOT EXISTS (SELECT 1 FROM pg_depend AS d WHERE d.objid = p.oid AND d.deptype = 'e') LOOP
      EXECUTE format('DROP FUNCTION IF EXISTS %s CASCADE', r.fn);
    END LOOP;
  END $$`;

let client: Client;
beforeAll(async () => {
  client = new Client({ connectionString: await createMigratedDatabase() });
  await client.connect();
});
afterAll(() => client.end());

const definitions = async () => (await client.query<{ name: string; definition: string }>(DEFINITIONS)).rows;

/** The definitions left when only the .sql files (after `change`, if any) define the triggers and functions; rolled back. */
async function definitionsOfFiles(change: (sql: string) => string = (sql) => sql): Promise<Array<{ name: string; definition: string }>> {
  await client.query('BEGIN');
  try {
    await client.query(DROP_ALL);
    for (const sql of triggerFiles()) await client.query(change(sql));
    return await definitions();
  } finally {
    await client.query('ROLLBACK');
  }
}

describe('the triggers on products', () => {
  it('are, in a migrated database, exactly what backend/src/db/triggers/*.sql define', async () => {
    const migrated = await definitions();
    expect(migrated.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['function stock_status(integer,integer)', 'trigger products_history_updated', 'trigger products_stats_update', 'trigger events_updated']),
    );
    expect(await definitionsOfFiles()).toEqual(migrated);
  });

  it('would notice a .sql file changed without a migration', async () => {
    const migrated = await definitions();
    const edited = await definitionsOfFiles((sql) => sql.replace("then 'LOW_STOCK'", "then 'LOW'"));
    expect(edited).not.toEqual(migrated);
  });
});

describe('stock status', () => {
  const CASES: Array<[quantity: number, reorderLevel: number | null, status: string]> = [
    [0, null, 'OUT_OF_STOCK'],
    [0, 0, 'OUT_OF_STOCK'],
    [0, 5, 'OUT_OF_STOCK'],
    [1, null, 'IN_STOCK'],
    [1, 0, 'IN_STOCK'],
    [1, 1, 'LOW_STOCK'],
    [3, 5, 'LOW_STOCK'],
    [5, 5, 'LOW_STOCK'],
    [6, 5, 'IN_STOCK'],
    [10, 0, 'IN_STOCK'],
    [100000, 100000, 'LOW_STOCK'],
  ];

  it.each(CASES)('quantity %p, reorder level %p: %s in SQL and in TypeScript', async (quantity, reorderLevel, status) => {
    const [{ sql }] = (await client.query<{ sql: string }>('SELECT stock_status($1::int, $2::int) AS sql', [quantity, reorderLevel])).rows;
    expect({ sql, ts: stockStatus(quantity, reorderLevel) }).toEqual({ sql: status, ts: status });
  });
});

describe('an update of many rows', () => {
  /** The columns a product change may name: all but the bookkeeping and the generated ones. */
  const BOOKKEEPING = ['id', 'workspace_id', 'created_by', 'created_at', 'updated_at', 'version', 'deleted_at', 'last_change', 'field_versions'];
  const VALUES: Record<string, [before: unknown, after: unknown]> = {
    text: ['a', 'b'],
    'character varying': ['a', 'b'],
    numeric: [1, 2],
    integer: [1, 2],
    smallint: [1, 2],
    boolean: [true, false],
    uuid: ['00000000-0000-4000-8000-000000000001', '00000000-0000-4000-8000-000000000002'],
    'timestamp with time zone': ['2026-01-01T00:00:00Z', '2026-01-02T00:00:00Z'],
    jsonb: [{ a: 1 }, { a: 2 }],
  };
  const camel = (column: string) => column.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());

  it('names every column of products when it alone changes, and nothing when none does', async () => {
    const { rows: columns } = await client.query<{ name: string; type: string }>(
      `SELECT column_name AS name, data_type AS type FROM information_schema.columns
       WHERE table_name = 'products' AND is_generated = 'NEVER' AND NOT (column_name = ANY($1)) ORDER BY ordinal_position`,
      [BOOKKEEPING],
    );
    expect(columns.map(({ name }) => name)).toEqual(expect.arrayContaining(['name', 'quantity', 'price', 'sku', 'cost_price']));
    const before = Object.fromEntries(columns.map(({ name, type }) => [name, VALUES[type]![0]]));
    const named = async (after: Record<string, unknown>) =>
      (
        await client.query<{ fields: string[] }>(
          'SELECT product_changed_fields(jsonb_populate_record(NULL::products, $1), jsonb_populate_record(NULL::products, $2)) AS fields',
          [before, after],
        )
      ).rows[0]!.fields;
    expect(await named(before)).toEqual([]);
    for (const { name, type } of columns) {
      expect({ column: name, fields: await named({ ...before, [name]: VALUES[type]![1] }) }).toEqual({ column: name, fields: [camel(name)] });
    }
    expect(await named({ ...before, version: 7, updated_at: '2030-01-01T00:00:00Z' })).toEqual([]);
  });

  it('joins its old rows to its new ones by hash or merge, even on a connection whose first update wrote one row', async () => {
    await client.query('BEGIN');
    try {
      const [{ id: ownerId }] = (
        await client.query<{ id: string }>(
          `INSERT INTO users (id, email, first_name, last_name, password_hash) VALUES (gen_random_uuid(), 'many-rows@example.com', 'Ada', 'Lovelace', 'x') RETURNING id`,
        )
      ).rows;
      // A listener for stock alerts, so the events trigger joins the rows too.
      const personal = `(SELECT id FROM workspaces WHERE personal_user_id = $1)`;
      await client.query(`INSERT INTO notification_settings (workspace_id, low_stock_emails) SELECT ${personal}, 'IMMEDIATE'`, [ownerId]);
      await client.query(`INSERT INTO products (id, workspace_id, created_by, name, description, price, category, quantity)
        SELECT gen_random_uuid(), ${personal}, $1, 'Product ' || i, 'A product made for this test', 1, 'Tools', 5 FROM generate_series(1, 400) AS i`, [ownerId]);
      const update = (where: string) =>
        client.query(
          `UPDATE products SET quantity = quantity + 1, version = version + 1,
             last_change = jsonb_build_object('actor', created_by, 'kind', 'edit', 'at', statement_timestamp())
           WHERE workspace_id = ${personal} ${where}`,
          [ownerId],
        );
      const plans: string[] = [];
      const notice = (message: { message?: string }) => plans.push(message.message ?? '');
      client.on('notice', notice);
      try {
        await client.query(`LOAD 'auto_explain'`);
        await client.query(`SET LOCAL auto_explain.log_min_duration = 0`);
        await client.query(`SET LOCAL auto_explain.log_nested_statements = on`);
        await client.query(`SET LOCAL auto_explain.log_level = notice`);
        await client.query(`SET LOCAL client_min_messages = notice`);
        await update(`AND name = 'Product 1'`);
        plans.length = 0;
        await update('');
      } finally {
        client.off('notice', notice);
      }
      const joins = plans.filter((plan) => /Named Tuplestore Scan[\s\S]*Named Tuplestore Scan/.test(plan) && /o\.id = n\.id|n\.id = o\.id/.test(plan));
      expect(joins.length).toBeGreaterThanOrEqual(2); // products_record_updated and events_record_updated
      for (const plan of joins) expect(plan).toMatch(/(Hash|Merge) Cond: \((o\.id = n\.id|n\.id = o\.id)\)/);
    } finally {
      await client.query('ROLLBACK');
    }
  });
});
