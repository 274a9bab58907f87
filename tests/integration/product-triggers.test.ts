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
