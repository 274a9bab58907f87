import { MikroORM } from '@mikro-orm/postgresql';
import { BulkMessages } from '@stockroom/schema';
import { ormConfig } from '../../backend/src/app/orm-config';
import { dropExpiredBulkEdits } from '../../backend/src/products/bulk/product-bulk.service';
import { ADJUST_STOCK, createProduct, expectGqlError, UPDATE_PRODUCT } from '../support/products';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * Undo of a bulk update (bulkUpdateProducts answers an undoBatch;
 * undoBulkUpdate puts back what it replaced): on each product, unless one of
 * the fields it set has changed since or the product went to the trash; once.
 */
let app: TestApp;
let orm: MikroORM;
beforeAll(async () => {
  app = await startTestApp();
  orm = await MikroORM.init(ormConfig(app.databaseUrl));
});
afterAll(async () => {
  await orm?.close();
  await app?.close();
});

const BULK_UPDATE = `mutation BulkUpdate($selection: ProductSelectionInput!, $changes: BulkProductChangesInput!) { bulkUpdateProducts(selection: $selection, changes: $changes) { affected undoBatch } }`;
const UNDO = `mutation Undo($batch: String!) { undoBulkUpdate(batch: $batch) { affected skipped } }`;

type Row = { name: string; price: string; category: string; reorderLevel: number | null; featured: boolean; quantity: number };

/** Each of the workspace's live products as stored, by name. */
async function products(workspaceId: string): Promise<Record<string, Omit<Row, 'name'>>> {
  const rows = await app.sql<Row>(
    `SELECT name, price::text AS price, category, reorder_level AS "reorderLevel", featured, quantity FROM products WHERE workspace_id = $1 AND deleted_at IS NULL ORDER BY name`,
    [workspaceId],
  );
  return Object.fromEntries(rows.map(({ name, ...rest }) => [name, rest]));
}

/** A user with Alpha (Tools, 10.00, reorder 5, 20 in stock), Beta (Tools, 0.05, no reorder level) and Gamma (Garden, 19.99). */
async function catalogue() {
  const account = await signUpUser(app);
  const alpha = await createProduct(app, account.token, { name: 'Alpha', category: 'Tools', price: 10, reorderLevel: 5, quantity: 20 });
  const beta = await createProduct(app, account.token, { name: 'Beta', category: 'Tools', price: 0.05, reorderLevel: null, quantity: 20 });
  const gamma = await createProduct(app, account.token, { name: 'Gamma', category: 'Garden', price: 19.99, quantity: 20 });
  return { ...account, workspaceId: account.workspaceId, alpha, beta, gamma };
}

async function bulkUpdate(token: string, selection: unknown, changes: unknown): Promise<{ affected: number; undoBatch: string | null }> {
  const answer = await app.gql(BULK_UPDATE, { selection, changes }, { token });
  expect(answer.errors).toBeUndefined();
  return answer.data.bulkUpdateProducts;
}

const undo = async (token: string, batch: string) => (await app.gql(UNDO, { batch }, { token })).data?.undoBulkUpdate;

describe('undo of a bulk update', () => {
  it('puts back every price a percentage moved, each product with its activity entry', async () => {
    const c = await catalogue();
    const before = await products(c.workspaceId);
    const { affected, undoBatch } = await bulkUpdate(c.token, { filter: {} }, { pricePercent: 10 });
    expect(affected).toBe(3);
    expect(undoBatch).toMatch(/^[0-9a-f-]{36}$/);
    expect((await products(c.workspaceId)).Alpha!.price).toBe('11.00');

    expect(await undo(c.token, undoBatch!)).toEqual({ affected: 3, skipped: 0 });
    expect(await products(c.workspaceId)).toEqual(before);
    const entries = await app.sql(`SELECT subject, details FROM activity_log WHERE user_id = $1 AND kind = 'product_updated' ORDER BY created_at, subject`, [c.user.id]);
    expect(entries.slice(-3)).toEqual(['Alpha', 'Beta', 'Gamma'].map((subject) => ({ subject, details: { fields: ['price'] } })));
  });

  it('puts back a category, a reorder level (none included) and the featured flag set together', async () => {
    const c = await catalogue();
    const before = await products(c.workspaceId);
    const { undoBatch } = await bulkUpdate(c.token, { ids: [c.alpha.id, c.beta.id] }, { category: 'Sale', reorderLevel: 3, featured: true });
    expect((await products(c.workspaceId)).Beta).toMatchObject({ category: 'Sale', reorderLevel: 3, featured: true });
    expect(await undo(c.token, undoBatch!)).toEqual({ affected: 2, skipped: 0 });
    expect(await products(c.workspaceId)).toEqual(before);
  });

  it('keeps a sale made since and leaves a product whose changed field was edited since', async () => {
    const c = await catalogue();
    const { undoBatch } = await bulkUpdate(c.token, { filter: {} }, { price: 5 });
    const sold = await app.gql(ADJUST_STOCK, { id: c.alpha.id, delta: -2 }, { token: c.token });
    expect(sold.errors).toBeUndefined();
    const current = (await products(c.workspaceId)).Beta!;
    const versionOfBeta = (await app.sql<{ version: number }>('SELECT version FROM products WHERE id = $1', [c.beta.id]))[0]!.version;
    const edited = await app.gql(UPDATE_PRODUCT, { id: c.beta.id, input: { price: 7.5, version: versionOfBeta } }, { token: c.token });
    expect(edited.errors).toBeUndefined();

    expect(await undo(c.token, undoBatch!)).toEqual({ affected: 2, skipped: 1 });
    expect(await products(c.workspaceId)).toEqual({
      Alpha: { price: '10.00', category: 'Tools', reorderLevel: 5, featured: false, quantity: 18 },
      Beta: { ...current, price: '7.50' },
      Gamma: { price: '19.99', category: 'Garden', reorderLevel: null, featured: false, quantity: 20 },
    });
  });

  it('leaves a product moved to the trash since', async () => {
    const c = await catalogue();
    const { undoBatch } = await bulkUpdate(c.token, { ids: [c.alpha.id, c.gamma.id] }, { category: 'Moved' });
    expect((await app.rest('DELETE', `/api/products/${c.gamma.id}`, undefined, { token: c.token })).status).toBe(200);
    expect(await undo(c.token, undoBatch!)).toEqual({ affected: 1, skipped: 1 });
    expect((await products(c.workspaceId)).Alpha!.category).toBe('Tools');
    expect(await app.sql(`SELECT category FROM products WHERE id = $1`, [c.gamma.id])).toEqual([{ category: 'Moved' }]);
  });

  it('restores nothing the second time, nor for another user, and refuses what is not a batch', async () => {
    const c = await catalogue();
    const other = await signUpUser(app);
    const { undoBatch } = await bulkUpdate(c.token, { filter: {} }, { featured: true });
    expect(await undo(other.token, undoBatch!)).toEqual({ affected: 0, skipped: 0 });
    expect(Object.values(await products(c.workspaceId)).every((p) => p.featured)).toBe(true);
    expect(await undo(c.token, undoBatch!)).toEqual({ affected: 3, skipped: 0 });
    expect(await undo(c.token, undoBatch!)).toEqual({ affected: 0, skipped: 0 });
    for (const bad of ['', 'not-a-batch', "' OR 1=1 --", '00000000-0000-0000-0000-00000000000g']) {
      expectGqlError(await app.gql(UNDO, { batch: bad }, { token: c.token }), 'BAD_USER_INPUT', BulkMessages.badUndoBatch, { batch: BulkMessages.badUndoBatch });
    }
    expect((await app.gql(UNDO, { batch: undoBatch })).errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('is for a member who may edit products, in the workspace of the update', async () => {
    const c = await catalogue();
    const roles = { VIEWER: await signUpUser(app), COUNTER: await signUpUser(app), EDITOR: await signUpUser(app) };
    for (const [role, account] of Object.entries(roles)) {
      await app.sql('INSERT INTO workspace_members (workspace_id, user_id, role) VALUES ($1, $2, $3)', [c.workspaceId, account.user.id, role]);
    }
    const inShop = (token: string) => ({ token, headers: { 'X-Workspace-Id': c.workspaceId } });
    const { undoBatch } = await bulkUpdate(c.token, { filter: {} }, { category: 'Shared' });
    for (const role of ['VIEWER', 'COUNTER'] as const) {
      expectGqlError(await app.gql(UNDO, { batch: undoBatch }, inShop(roles[role].token)), 'FORBIDDEN', 'Access denied. Insufficient permissions');
    }
    // The editor's own personal workspace holds no such batch.
    expect(await undo(roles.EDITOR.token, undoBatch!)).toEqual({ affected: 0, skipped: 0 });
    expect((await app.gql(UNDO, { batch: undoBatch }, inShop(roles.EDITOR.token))).data.undoBulkUpdate).toEqual({ affected: 3, skipped: 0 });
    expect(Object.values(await products(c.workspaceId)).map((p) => p.category).sort()).toEqual(['Garden', 'Tools', 'Tools']);
  });

  it('answers no batch when the update changed nothing, and a day-old batch is dropped by housekeeping', async () => {
    const c = await catalogue();
    const none = await bulkUpdate(c.token, { filter: { category: 'Nothing here' } }, { featured: true });
    expect(none).toEqual({ affected: 0, undoBatch: null });
    const { undoBatch } = await bulkUpdate(c.token, { filter: {} }, { category: 'Old' });
    const { undoBatch: fresh } = await bulkUpdate(c.token, { filter: {} }, { featured: true });
    await app.sql(`UPDATE bulk_edits SET created_at = now() - interval '24 hours 1 minute' WHERE batch = $1`, [undoBatch]);
    expect(await dropExpiredBulkEdits(orm.em.fork())).toBeGreaterThanOrEqual(3);
    expect(await app.sql('SELECT count(*)::int AS n FROM bulk_edits WHERE batch = $1', [fresh])).toEqual([{ n: 3 }]);
    expect(await undo(c.token, undoBatch!)).toEqual({ affected: 0, skipped: 0 });
    expect((await products(c.workspaceId)).Alpha!.category).toBe('Old');
  });
});
