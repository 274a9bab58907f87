import type { MikroORM } from '@mikro-orm/postgresql';
import { openDatabase } from '../../backend/src/app/database';
import { migrationBefore, sqlOn } from '../support/migrations';
import { createDatabase } from '../support/test-app';

/**
 * The migration that brings locations moves today's stock to each
 * workspace's new default location, "Main", changing no quantity: a
 * database with stock and history from before it is migrated, and every
 * product, level and movement is compared with what was there.
 */
const LOCATIONS_MIGRATION = 'Migration20261130000000';
const before = migrationBefore(LOCATIONS_MIGRATION);

let orm: MikroORM;
beforeAll(async () => {
  orm = await openDatabase(await createDatabase());
});
afterAll(() => orm.close());

const run = <T = Record<string, unknown>>(sql: string, values: unknown[] = []) => sqlOn(orm)<T>(sql, values);

/** A write's context as the app sets it, so the triggers of the time record its movement. */
const context = (actor: string, kind: string, reason?: string) =>
  `jsonb_build_object('actor', '${actor}'::text, 'kind', '${kind}'${reason ? `, 'reason', '${reason}'` : ''}, 'at', statement_timestamp())`;

it('keeps every quantity: each product has one level at its workspace\'s Main equal to its quantity, and every movement is at Main', async () => {
  await orm.getMigrator().down({ to: before });
  expect(await run(`SELECT to_regclass('stock_levels') AS t`)).toEqual([{ t: null }]);

  const [ada] = await run<{ id: string }>(`INSERT INTO users (id, email, first_name, last_name, password_hash) VALUES (gen_random_uuid(), 'ada@example.com', 'Ada', 'Lovelace', 'x') RETURNING id`);
  const [bob] = await run<{ id: string }>(`INSERT INTO users (id, email, first_name, last_name, password_hash) VALUES (gen_random_uuid(), 'bob@example.com', 'Bob', 'Babbage', 'x') RETURNING id`);
  const [shared] = await run<{ id: string }>(`INSERT INTO workspaces (id, name) VALUES (gen_random_uuid(), 'Shop') RETURNING id`);
  await run(`INSERT INTO workspace_members (workspace_id, user_id, role) VALUES (?, ?, 'OWNER')`, [shared.id, bob.id]);
  const workspaces = [
    { id: (await run<{ id: string }>('SELECT id FROM workspaces WHERE personal_user_id = ?', [ada.id]))[0].id, actor: ada.id },
    { id: shared.id, actor: bob.id },
  ];
  for (const [n, { id, actor }] of workspaces.entries()) {
    for (const quantity of [0, 7, 250 + n]) {
      const [product] = await run<{ id: string }>(
        `INSERT INTO products (id, workspace_id, created_by, name, description, price, category, quantity, last_change)
         VALUES (gen_random_uuid(), ?, ?, 'Old lamp', 'Made before locations', 2.5, 'Lamps', ?, ${context(actor, 'create')}) RETURNING id`,
        [id, actor, quantity],
      );
      if (quantity > 0) await run(`UPDATE products SET quantity = quantity - 3, last_change = ${context(actor, 'stock', 'SALE')} WHERE id = ?`, [product.id]);
    }
  }
  // One in the trash keeps its quantity too; one written by hand has no history at all.
  await run(`UPDATE products SET deleted_at = now() WHERE quantity = 4 AND workspace_id = ?`, [shared.id]);
  await run(`INSERT INTO products (id, workspace_id, created_by, name, description, price, category, quantity) VALUES (gen_random_uuid(), ?, ?, 'Hand lamp', 'Written by hand', 1, 'Lamps', 9)`, [shared.id, bob.id]);

  const productsBefore = await run('SELECT id, workspace_id, quantity, version, updated_at, deleted_at FROM products ORDER BY id');
  const movementsBefore = await run('SELECT id, product_id, delta, quantity_after, reason FROM stock_movements ORDER BY id');
  expect(productsBefore).toHaveLength(7);
  expect(movementsBefore.length).toBeGreaterThanOrEqual(10);

  await orm.getMigrator().up();

  expect(await run('SELECT id, workspace_id, quantity, version, updated_at, deleted_at FROM products ORDER BY id')).toEqual(productsBefore);
  expect(await run('SELECT id, product_id, delta, quantity_after, reason FROM stock_movements ORDER BY id')).toEqual(movementsBefore);
  // Every workspace, the personal ones of both accounts and the shared one, has one default location, Main.
  expect(await run(`SELECT w.id, (SELECT count(*)::int FROM locations AS l WHERE l.workspace_id = w.id) AS locations,
      (SELECT name FROM locations AS l WHERE l.workspace_id = w.id AND l.is_default) AS main FROM workspaces AS w ORDER BY w.id`)).toEqual(
    (await run<{ id: string }>('SELECT id FROM workspaces ORDER BY id')).map(({ id }) => ({ id, locations: 1, main: 'Main' })),
  );
  // One level per product, at its workspace's Main, equal to its quantity (0 included).
  expect(
    await run(`SELECT p.id FROM products AS p WHERE (SELECT count(*) FROM stock_levels AS s WHERE s.product_id = p.id) <> 1
      OR NOT EXISTS (SELECT 1 FROM stock_levels AS s JOIN locations AS l ON l.id = s.location_id
        WHERE s.product_id = p.id AND l.is_default AND l.workspace_id = p.workspace_id AND s.quantity = p.quantity AND s.workspace_id = p.workspace_id)`),
  ).toEqual([]);
  // Every movement is at its workspace's Main.
  expect(await run(`SELECT m.id FROM stock_movements AS m LEFT JOIN locations AS l ON l.id = m.location_id WHERE l.id IS NULL OR NOT l.is_default OR l.workspace_id <> m.workspace_id`)).toEqual([]);

  // And back: the step undoes itself and applies again.
  await orm.getMigrator().down({ to: before });
  expect(await run('SELECT id, workspace_id, quantity, version, updated_at, deleted_at FROM products ORDER BY id')).toEqual(productsBefore);
  await orm.getMigrator().up();
  expect(await run('SELECT count(*)::int AS n FROM stock_levels')).toEqual([{ n: 7 }]);
});
