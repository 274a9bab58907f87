import { Rules } from '@stockroom/schema';
import { adjustStockStatement } from '../../backend/src/stock/stock.queries';
import { createProduct, toPg } from '../support/products';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * Every product write records its consequences through the triggers on
 * products: exactly one movement where the quantity moved (or a stock change
 * was made), the activity entries its kind logs, a crossing into low or out
 * of stock; a refused write records nothing; the acting user is the one the
 * write names; a write that names no context records no movement or entry.
 */
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

type Account = Awaited<ReturnType<typeof signUpUser>>;

interface Recorded {
  movements: Array<[reason: string, delta: number, quantityAfter: number, note: string | null]>;
  activity: Array<[kind: string, subject: string | null, details: Record<string, unknown>]>;
}

/** What one write recorded for the owner: the movements and activity entries that appeared while `write` ran, in order. */
async function recordedBy(owner: Account, write: () => Promise<unknown>): Promise<Recorded> {
  const [mark] = await app.sql(
    `SELECT (SELECT coalesce(max(id), 0) FROM stock_movements)::text AS movement, (SELECT coalesce(max(id), 0) FROM activity_log)::text AS entry`,
  );
  await write();
  const movements = await app.sql(`SELECT reason, delta, quantity_after, note FROM stock_movements WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) AND id > $2 ORDER BY id`, [owner.user.id, mark.movement]);
  const activity = await app.sql(`SELECT kind, subject, details FROM activity_log WHERE user_id = $1 AND id > $2 ORDER BY id`, [owner.user.id, mark.entry]);
  return {
    movements: movements.map((m) => [m.reason, m.delta, m.quantity_after, m.note]),
    activity: activity.map((a) => [a.kind, a.subject, a.details]),
  };
}

const ok = async (answer: Promise<{ status: number; body: unknown }>, status = 200) => {
  const { status: got, body } = await answer;
  if (got !== status) throw new Error(`expected ${status}, got ${got}: ${JSON.stringify(body)}`);
  return body as Record<string, any>;
};

describe('each kind of product write records its consequences once', () => {
  it('create, edit, stock change, stocktake, bulk changes, trash, restore and purge', async () => {
    const alice = await signUpUser(app);
    const { token } = alice;
    let lamp: Record<string, any> = {};

    expect(
      await recordedBy(alice, async () => {
        lamp = await createProduct(app, token, { name: 'Lamp', quantity: 0, sku: 'LAMP-1' });
      }),
    ).toEqual({ movements: [['INITIAL', 0, 0, null]], activity: [['product_created', 'Lamp', {}]] });

    // An edit of the quantity and the reorder level: one CORRECTION, the crossing into low stock, then the edit naming what changed.
    expect(
      await recordedBy(alice, async () => {
        lamp = (await ok(app.rest('PUT', `/api/products/${lamp.id}`, { name: 'Desk lamp', quantity: 8, reorderLevel: 10, version: lamp.version }, { token }))).product;
      }),
    ).toEqual({
      movements: [['CORRECTION', 8, 8, null]],
      activity: [
        ['stock_low', 'Desk lamp', { quantity: 8, reorderLevel: 10 }],
        ['product_updated', 'Desk lamp', { fields: ['name', 'quantity', 'reorderLevel'] }],
      ],
    });

    // A save that changes nothing records nothing.
    expect(await recordedBy(alice, () => ok(app.rest('PUT', `/api/products/${lamp.id}`, { name: 'Desk lamp', quantity: 8 }, { token })))).toEqual({ movements: [], activity: [] });

    expect(await recordedBy(alice, () => ok(app.rest('POST', `/api/products/${lamp.id}/stock`, { delta: -3, reason: 'DAMAGE', note: 'Dropped' }, { token })))).toEqual({
      movements: [['DAMAGE', -3, 5, 'Dropped']],
      activity: [['stock_adjusted', 'Desk lamp', { delta: -3, quantity: 5, reason: 'DAMAGE' }]],
    });

    // A count that finds what was expected still records the stocktake.
    expect(await recordedBy(alice, () => ok(app.rest('POST', `/api/products/${lamp.id}/stock/count`, { quantity: 5 }, { token })))).toEqual({
      movements: [['COUNT', 0, 5, null]],
      activity: [['stock_adjusted', 'Desk lamp', { delta: 0, quantity: 5, reason: 'COUNT' }]],
    });

    expect(await recordedBy(alice, () => ok(app.rest('POST', '/api/products/bulk', { action: 'update', selection: { ids: [lamp.id] }, changes: { category: 'Lights', featured: true } }, { token })))).toEqual({
      movements: [],
      activity: [['product_updated', 'Desk lamp', { fields: ['category', 'featured'] }]],
    });

    expect(await recordedBy(alice, () => ok(app.rest('POST', '/api/products/bulk', { action: 'adjustStock', selection: { ids: [lamp.id] }, changes: { delta: 20, note: 'Pallet' } }, { token })))).toEqual({
      movements: [['BULK', 20, 25, 'Pallet']],
      activity: [['stock_adjusted', 'Desk lamp', { delta: 20, quantity: 25, reason: 'RECEIPT' }]],
    });

    expect(await recordedBy(alice, () => ok(app.rest('DELETE', `/api/products/${lamp.id}`, undefined, { token })))).toEqual({ movements: [], activity: [['product_deleted', 'Desk lamp', {}]] });
    expect(await recordedBy(alice, () => ok(app.rest('POST', `/api/products/${lamp.id}/restore`, undefined, { token })))).toEqual({ movements: [], activity: [['product_restored', 'Desk lamp', {}]] });

    // Purged while still in the catalogue: its deletion is logged, and its movements go with it.
    expect(await recordedBy(alice, () => ok(app.rest('POST', '/api/products/purge', { ids: [lamp.id] }, { token })))).toEqual({ movements: [], activity: [['product_deleted', 'Desk lamp', {}]] });
    expect(await app.sql('SELECT id FROM stock_movements WHERE product_id = $1', [lamp.id])).toEqual([]);
  });

  it('an import: IMPORT movements for a new product and a changed quantity, one entry with the counts', async () => {
    const alice = await signUpUser(app);
    await createProduct(app, alice.token, { name: 'Shelf', sku: 'SH-1', quantity: 10, price: 30, description: 'A wall shelf', category: 'Home' });
    const body = new FormData();
    const file = 'sku,name,description,category,price,quantity\nSH-1,Shelf,A wall shelf,Home,30,4\nSH-2,Hook,A coat hook,Home,3,7\n';
    body.append('file', new Blob([file], { type: 'text/csv' }), 'products.csv');
    body.append('mode', 'upsert');
    const recorded = await recordedBy(alice, async () => {
      const response = await fetch(`${app.url}/api/products/import`, { method: 'POST', headers: { authorization: `Bearer ${alice.token}` }, body });
      expect(response.status).toBe(200);
    });
    expect(recorded.movements.sort()).toEqual([
      ['IMPORT', -6, 4, null],
      ['IMPORT', 7, 7, null],
    ]);
    expect(recorded.activity).toEqual([['products_imported', null, { created: 1, updated: 1 }]]);

    // The same file again changes nothing, and is still one import in the log.
    const again = new FormData();
    again.append('file', new Blob([file], { type: 'text/csv' }), 'products.csv');
    again.append('mode', 'upsert');
    expect(
      await recordedBy(alice, async () => {
        const response = await fetch(`${app.url}/api/products/import`, { method: 'POST', headers: { authorization: `Bearer ${alice.token}` }, body: again });
        expect(await response.json()).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
      }),
    ).toEqual({ movements: [], activity: [['products_imported', null, { created: 0, updated: 0 }]] });
  });
});

describe('a refused write records nothing', () => {
  it('a stale edit, an oversell, a bulk change one product cannot take, an import with a bad row', async () => {
    const alice = await signUpUser(app);
    const { token } = alice;
    const vase = await createProduct(app, token, { name: 'Vase', quantity: 2, sku: 'VASE-1' });
    const jug = await createProduct(app, token, { name: 'Jug', quantity: 50 });
    const nothing = { movements: [], activity: [] };

    expect(await recordedBy(alice, () => ok(app.rest('PUT', `/api/products/${vase.id}`, { quantity: 9, version: vase.version + 1 }, { token }), 409))).toEqual(nothing);
    expect(await recordedBy(alice, () => ok(app.rest('POST', `/api/products/${vase.id}/stock`, { delta: -3 }, { token }), 409))).toEqual(nothing);
    expect(await recordedBy(alice, () => ok(app.rest('POST', '/api/products/bulk', { action: 'adjustStock', selection: { ids: [vase.id, jug.id] }, changes: { delta: -10 } }, { token }), 409))).toEqual(nothing);
    const body = new FormData();
    body.append('file', new Blob(['sku,name,description,category,price,quantity\nVASE-1,Vase,A tall vase,Home,5,1\nNEW-1,Bowl,A bowl,Home,-1,1\n'], { type: 'text/csv' }), 'products.csv');
    body.append('mode', 'upsert');
    expect(
      await recordedBy(alice, async () => {
        const answer = await (await fetch(`${app.url}/api/products/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body })).json();
        expect(answer.failed).toBe(1);
      }),
    ).toEqual(nothing);
  });
});

describe('who acted, and a write that says nothing', () => {
  it('records the actor the write names, not the owner', async () => {
    const alice = await signUpUser(app);
    const bob = await signUpUser(app);
    const tin = await createProduct(app, alice.token, { name: 'Tin', quantity: 4 });
    // A statement scoped to the owner's workspace naming another member as the actor, as a team's member writes.
    const sale = toPg(adjustStockStatement(tin.id, alice.workspaceId, -1, Rules.quantity, { reason: 'SALE' }, bob.user.id));
    expect(await app.sql(sale.text, sale.values)).toHaveLength(1);
    const [movement] = await app.sql(`SELECT user_id, reason, delta FROM stock_movements WHERE product_id = $1 ORDER BY id DESC LIMIT 1`, [tin.id]);
    expect(movement).toEqual({ user_id: bob.user.id, reason: 'SALE', delta: -1 });
    const [entry] = await app.sql(`SELECT user_id, kind FROM activity_log WHERE subject_id = $1 ORDER BY id DESC LIMIT 1`, [tin.id]);
    expect(entry).toEqual({ user_id: bob.user.id, kind: 'stock_adjusted' });
  });

  it('records no movement or entry for a write without its context (SQL by hand), nor for the next one after a write that had it; the totals follow both', async () => {
    const alice = await signUpUser(app);
    const tin = await createProduct(app, alice.token, { name: 'Tin', quantity: 4, price: 1 });
    await ok(app.rest('POST', `/api/products/${tin.id}/stock`, { delta: -1 }, { token: alice.token }));
    expect(await recordedBy(alice, () => app.sql('UPDATE products SET quantity = 9 WHERE id = $1', [tin.id]))).toEqual({ movements: [], activity: [] });
    const [stats] = await app.sql('SELECT total_products, in_stock, inventory_value::float8 AS value FROM catalogue_stats WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)', [alice.user.id]);
    expect(stats).toEqual({ total_products: 1, in_stock: 1, value: 9 });
  });
});
