import type { MikroORM } from '@mikro-orm/postgresql';
import { EVENT_TYPES } from '@stockroom/schema';
import { openDatabase } from '../../backend/src/app/database';
import { createSqlPool } from '../../backend/src/db/sql';
import { EventOutbox } from '../../backend/src/events/event-outbox';
import type { StockroomEvent } from '../../backend/src/events/event.types';
import { JobRunner } from '../../backend/src/jobs/job-runner';
import { createProduct } from '../support/products';
import { signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * The event outbox (issue 15): each change to a product records its events
 * in the change's own transaction, for an owner someone listens to (a
 * webhook, low-stock emails). This app works no jobs (WORKER=0), so the
 * relay never empties the outbox and the test reads what was recorded.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ WORKER: '0', WEBHOOK_ALLOW_PRIVATE: 'true' });
});
afterAll(() => app.close());

/** The events recorded for a product, oldest first: type and the quantity the product had. */
async function eventsOf(productId: string) {
  const rows = await app.sql(`SELECT type, (product->>'quantity')::int AS quantity FROM events WHERE product->>'id' = $1 ORDER BY created_at, type`, [productId]);
  return rows.map((row) => `${row.type}@${row.quantity}`);
}

async function clearEvents(productId: string) {
  await app.sql(`DELETE FROM events WHERE product->>'id' = $1`, [productId]);
}

/** A user with a webhook on `types`: the outbox records events only for an owner someone listens to. */
async function listeningUser(types: readonly string[] = EVENT_TYPES) {
  const account = await signUpUser(app);
  const answer = await app.rest('POST', '/api/users/profile/webhooks', { url: 'http://127.0.0.1:9/hook', events: types }, { token: account.token });
  expect(answer.status).toBe(201);
  return account;
}

describe('recording events with each change', () => {
  it('records created, updated, stock changed, deleted (to the trash) and restored, for the product owner', async () => {
    const alice = await listeningUser();
    const lamp = await createProduct(app, alice.token, { quantity: 10 });
    expect(await eventsOf(lamp.id)).toEqual(['product.created@10']);
    const [{ workspace_id }] = await app.sql('SELECT workspace_id FROM events WHERE product->>$1 = $2', ['id', lamp.id]);
    expect(workspace_id).toBe(alice.workspaceId);
    await clearEvents(lamp.id);

    expect((await app.rest('PUT', `/api/products/${lamp.id}`, { name: 'Desk lamp' }, { token: alice.token })).status).toBe(200);
    expect(await eventsOf(lamp.id)).toEqual(['product.updated@10']);
    await clearEvents(lamp.id);

    expect((await app.rest('POST', `/api/products/${lamp.id}/stock`, { delta: -3 }, { token: alice.token })).status).toBe(200);
    expect(await eventsOf(lamp.id)).toEqual(['stock.changed@7']);
    await clearEvents(lamp.id);

    expect((await app.rest('DELETE', `/api/products/${lamp.id}`, undefined, { token: alice.token })).status).toBe(200);
    expect((await app.rest('POST', `/api/products/${lamp.id}/restore`, undefined, { token: alice.token })).status).toBe(200);
    expect(await eventsOf(lamp.id)).toEqual(['product.deleted@7', 'product.restored@7']);
    await clearEvents(lamp.id);

    expect((await app.rest('PUT', `/api/products/${lamp.id}`, { price: 5, quantity: 8 }, { token: alice.token })).status).toBe(200);
    expect(await eventsOf(lamp.id)).toEqual(['product.updated@8', 'stock.changed@8']);
  });

  it('records stock.low and stock.out once per crossing, not on every sale below the level', async () => {
    const { token } = await listeningUser();
    const chair = await createProduct(app, token, { quantity: 6, reorderLevel: 3 });
    await clearEvents(chair.id);
    const sell = (delta: number) => app.rest('POST', `/api/products/${chair.id}/stock`, { delta }, { token });
    for (const delta of [-2, -1, -1, -1, -1]) expect((await sell(delta)).status).toBe(200);
    const stockEvents = (await eventsOf(chair.id)).filter((event) => /^stock\.(low|out)/.test(event));
    expect(stockEvents).toEqual(['stock.low@3', 'stock.out@0']);

    await clearEvents(chair.id);
    expect((await sell(10)).status).toBe(200);
    expect((await sell(-8)).status).toBe(200);
    expect((await eventsOf(chair.id)).filter((event) => /^stock\.(low|out)/.test(event))).toEqual(['stock.low@2']);
  });

  it('the event is shown as the API shows the product', async () => {
    const { token } = await listeningUser();
    const desk = await createProduct(app, token, { quantity: 2, reorderLevel: 5, sku: 'DESK-1' });
    const [{ product }] = await app.sql(`SELECT product FROM events WHERE product->>'id' = $1`, [desk.id]);
    expect(product).toMatchObject({ id: desk.id, created_by: desk.owner, quantity: 2, reorder_level: 5, sku: 'DESK-1' });
  });

  it('records nothing for a change that is refused or rolls back', async () => {
    const { token } = await listeningUser();
    const stool = await createProduct(app, token, { quantity: 1, sku: 'STOOL-1' });
    await createProduct(app, token, { sku: 'STOOL-2' });
    await clearEvents(stool.id);
    // The SKU's unique index refuses the update after the row was written: the statement, and its trigger's events, roll back.
    expect((await app.rest('PUT', `/api/products/${stool.id}`, { sku: 'stool-2' }, { token })).status).toBe(409);
    expect((await app.rest('POST', `/api/products/${stool.id}/stock`, { delta: -5 }, { token })).status).toBe(409);
    expect(await eventsOf(stool.id)).toEqual([]);
  });

  it('records a bulk change with its events, one per product and kind', async () => {
    const { token } = await listeningUser();
    const a = await createProduct(app, token, { quantity: 4, reorderLevel: 2 });
    const b = await createProduct(app, token, { quantity: 9 });
    await clearEvents(a.id);
    await clearEvents(b.id);
    const answer = await app.rest('POST', '/api/products/bulk', { action: 'adjustStock', selection: { ids: [a.id, b.id] }, changes: { delta: -3 } }, { token });
    expect(answer.status).toBe(200);
    expect(await eventsOf(a.id)).toEqual(['stock.changed@1', 'stock.low@1']);
    expect(await eventsOf(b.id)).toEqual(['stock.changed@6']);
  });
});

describe('who listens', () => {
  it('records nothing for an owner nobody listens to, and for a webhook only the types it asked for, while it is enabled', async () => {
    const { token, user } = await signUpUser(app);
    const typesOf = async () => (await app.sql(`SELECT type FROM events WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) ORDER BY type`, [user.id])).map((row) => row.type as string);
    const vase = await createProduct(app, token, { quantity: 5, reorderLevel: 2 });
    expect((await app.rest('POST', `/api/products/${vase.id}/stock`, { delta: -4 }, { token })).status).toBe(200);
    expect(await typesOf()).toEqual([]);

    const hook = await app.rest('POST', '/api/users/profile/webhooks', { url: 'http://127.0.0.1:9/hook', events: ['stock.changed'] }, { token });
    expect(hook.status).toBe(201);
    expect((await app.rest('PUT', `/api/products/${vase.id}`, { name: 'Tall vase', quantity: 0 }, { token })).status).toBe(200);
    expect(await typesOf()).toEqual(['stock.changed']);

    const webhookId = (hook.body as { webhook: { id: string } }).webhook.id;
    expect((await app.rest('PATCH', `/api/users/profile/webhooks/${webhookId}`, { enabled: false }, { token })).status).toBe(200);
    expect((await app.rest('POST', `/api/products/${vase.id}/stock`, { delta: 3 }, { token })).status).toBe(200);
    expect(await typesOf()).toEqual(['stock.changed']);
  });

  it('records the stock crossings, and only those, for an owner whose low-stock emails are on', async () => {
    const { token, user } = await signUpUser(app);
    const settings = await app.rest('PUT', '/api/users/profile/notifications', { lowStockEmails: 'IMMEDIATE' }, { token });
    expect(settings.status).toBe(200);
    const mug = await createProduct(app, token, { quantity: 3, reorderLevel: 1 });
    for (const delta of [-2, -1]) expect((await app.rest('POST', `/api/products/${mug.id}/stock`, { delta }, { token })).status).toBe(200);
    expect(await eventsOf(mug.id)).toEqual(['stock.low@1', 'stock.out@0']);

    expect((await app.rest('PUT', '/api/users/profile/notifications', { lowStockEmails: 'NEVER' }, { token })).status).toBe(200);
    expect((await app.rest('POST', `/api/products/${mug.id}/stock`, { delta: 1 }, { token })).status).toBe(200);
    expect((await app.rest('POST', `/api/products/${mug.id}/stock`, { delta: -1 }, { token })).status).toBe(200);
    expect((await app.sql(`SELECT count(*)::int AS n FROM events WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)`, [user.id]))[0].n).toBe(2);
  });
});

describe('an import', () => {
  const importFile = async (token: string, text: string, mode: string) => {
    const body = new FormData();
    body.append('file', new Blob([text], { type: 'text/csv' }), 'products.csv');
    body.append('mode', mode);
    const response = await fetch(`${app.url}/api/products/import`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body });
    expect(response.status).toBe(200);
  };
  const csv = 'sku,name,description,price,category,quantity,reorder_level\nIMP-1,Imported one,A thing from a file,3.50,Tools,4,2\nIMP-2,Imported two,A thing from a file,3.50,Tools,0,\n';

  it('records an event per imported product and kind for an owner who listens, in its own transaction', async () => {
    const { token, user } = await listeningUser();
    const recorded = async () =>
      (await app.sql(`SELECT type, product->>'sku' AS sku FROM events WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) ORDER BY product->>'sku', type`, [user.id])).map((row) => `${row.type} ${row.sku}`);
    await importFile(token, csv, 'create');
    expect(await recorded()).toEqual(['product.created IMP-1', 'product.created IMP-2']);

    await app.sql(`DELETE FROM events WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)`, [user.id]);
    await importFile(token, csv.replace('Tools,4,2', 'Tools,1,2'), 'upsert');
    expect(await recorded()).toEqual(['stock.changed IMP-1', 'stock.low IMP-1']);
  });

  it('records nothing for an owner nobody listens to', async () => {
    const { token, user } = await signUpUser(app);
    await importFile(token, csv, 'create');
    await importFile(token, csv.replace('Tools,4,2', 'Tools,1,2'), 'upsert');
    expect(await app.sql(`SELECT type FROM events WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)`, [user.id])).toEqual([]);
    expect((await app.sql(`SELECT count(*)::int AS n FROM products WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)`, [user.id]))[0].n).toBe(2);
  });
});

describe('the relay', () => {
  /** Two instances' relays and workers on the app's database, each with the same two subscribers. */
  const instances: Array<{ orm: MikroORM; jobs: JobRunner }> = [];
  const heard: Record<string, StockroomEvent[]> = { all: [], stock: [] };
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const orm = await openDatabase(app.databaseUrl);
      const jobs = new JobRunner({ databaseUrl: app.databaseUrl, worker: true, cronCheckSeconds: 30, pollIntervalMs: 500, onError: () => {} });
      const outbox = new EventOutbox(jobs, createSqlPool(orm), 100);
      outbox.onEvent('test-all', ['product.created', 'stock.changed', 'stock.low'], async (event) => void heard.all.push(event));
      outbox.onEvent('test-stock', ['stock.low'], async (event) => void heard.stock.push(event));
      await jobs.start();
      instances.push({ orm, jobs });
    }
  });
  afterAll(async () => {
    for (const { orm, jobs } of instances) {
      await jobs.stop(1_000);
      await orm.close();
    }
  });

  it('hands each committed event to each subscriber of its type once, whichever instance relays it, and empties the outbox', async () => {
    const { token, user, workspaceId } = await listeningUser(['product.created', 'stock.changed', 'stock.low']);
    const lamp = await createProduct(app, token, { quantity: 3, reorderLevel: 1 });
    expect((await app.rest('POST', `/api/products/${lamp.id}/stock`, { delta: -2 }, { token })).status).toBe(200);
    const mine = (events: StockroomEvent[]) => events.filter((event) => event.workspaceId === workspaceId).map((event) => event.type);
    while (mine(heard.all).length < 3 || mine(heard.stock).length < 1 || (await app.sql('SELECT 1 FROM events WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1)', [user.id])).length > 0) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(mine(heard.all).sort()).toEqual(['product.created', 'stock.changed', 'stock.low']);
    expect(mine(heard.stock)).toEqual(['stock.low']);
    const low = heard.stock.find((event) => event.workspaceId === workspaceId)!;
    expect(low).toEqual({ id: expect.any(String), type: 'stock.low', workspaceId, createdAt: expect.stringMatching(/Z$/), data: { product: { ...lamp, quantity: 1, lowStock: true, version: 2, updatedAt: expect.stringMatching(/Z$/) } } });
  });
});
