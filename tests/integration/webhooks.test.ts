import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { logDeliveryStatement } from '../../backend/src/webhooks/webhook.queries';
import { expectGqlError, expectRestError } from '../support/answers';
import { createProduct, toPg } from '../support/products';
import { decodeQuotedPrintable, signUpUser, startTestApp, type TestApp } from '../support/test-app';

/**
 * Webhooks (issue 15): managed with a session, signed, delivered through the
 * job queue from the event outbox, retried and finally turned off. The
 * receiver runs on 127.0.0.1, which this app allows (WEBHOOK_ALLOW_PRIVATE);
 * a second instance on the same database allows only public https URLs.
 */

interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: string;
}

let app: TestApp;
let strict: TestApp;
let receiver: Server;
let base: string;
const received: Received[] = [];

/** Paths of the receiver: what each one answers. */
function receive(req: IncomingMessage, res: ServerResponse) {
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const path = req.url ?? '/';
    received.push({ path, headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
    if (path.startsWith('/ok')) res.writeHead(204).end();
    else if (path.startsWith('/fail')) res.writeHead(500).end('broken');
    else if (path.startsWith('/moved')) res.writeHead(301, { location: `${base}/ok` }).end();
    // Answers long after the app's timeout.
    else if (path.startsWith('/slow')) setTimeout(() => res.writeHead(200).end(), 3_000).unref();
    // Never answers: the connection stays open until the test ends.
  });
}

beforeAll(async () => {
  receiver = createServer(receive);
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  app = await startTestApp({
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_TIMEOUT_MS: '500',
    WEBHOOK_FAILURE_WINDOW_MS: '2000',
    WEBHOOK_RETRY_DELAY_SECONDS: '1',
  });
  strict = await startTestApp({ WORKER: '0' }, { databaseUrl: app.databaseUrl });
});
afterAll(async () => {
  await strict.close();
  await app.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

const DENIED = 'Access denied. Insufficient permissions';
const WEBHOOK_FIELDS = 'id url events enabled failingSince disabledReason createdAt updatedAt';
const WEBHOOKS = `query Webhooks { webhooks { ${WEBHOOK_FIELDS} } }`;
const CREATE_WEBHOOK = `mutation CreateWebhook($input: CreateWebhookInput!) { createWebhook(input: $input) { secret webhook { ${WEBHOOK_FIELDS} } } }`;
const DELIVERIES = `query WebhookDeliveries($id: ID!) { webhookDeliveries(id: $id) { id eventId eventType attempt statusCode error durationMs createdAt } }`;
const UPDATE_WEBHOOK = `mutation UpdateWebhook($id: ID!, $input: UpdateWebhookInput!) { updateWebhook(id: $id, input: $input) { ${WEBHOOK_FIELDS} } }`;
const DELETE_WEBHOOK = `mutation DeleteWebhook($id: ID!) { deleteWebhook(id: $id) }`;
const SEND_TEST_WEBHOOK = `mutation SendTestWebhook($id: ID!) { sendTestWebhook(id: $id) }`;
const REDELIVER_WEBHOOK = `mutation RedeliverWebhook($deliveryId: ID!) { redeliverWebhook(deliveryId: $deliveryId) }`;

async function createWebhook(token: string, path: string, events: string[] = ['product.created', 'product.updated', 'stock.changed']) {
  const answer = await app.rest('POST', '/api/users/profile/webhooks', { url: `${base}${path}`, events }, { token });
  if (answer.status !== 201) throw new Error(`webhook not created: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body as { secret: string; webhook: { id: string } };
}

/** Waits until `check` holds (the relay and the delivery queue poll every half second). */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, what: string, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (check(value)) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const deliveriesOf = async (token: string, id: string) => (await app.rest('GET', `/api/users/profile/webhooks/${id}/deliveries`, undefined, { token })).body.deliveries as any[];
const gqlDeliveriesOf = async (token: string, id: string) => (await app.gql(DELIVERIES, { id }, { token })).data.webhookDeliveries as any[];

describe('managing webhooks', () => {
  it('creates one over REST with its secret shown once, lists it on both transports, changes and deletes it', async () => {
    const { token } = await signUpUser(app);
    const created = await app.rest('POST', '/api/users/profile/webhooks', { url: `${base}/ok/manage`, events: ['stock.low', 'stock.out', 'stock.low'] }, { token });
    expect(created.status).toBe(201);
    expect(created.body.secret).toMatch(/^whsec_[0-9a-f]{64}$/);
    const { webhook } = created.body;
    expect(webhook).toEqual({
      id: expect.any(String),
      url: `${base}/ok/manage`,
      events: ['stock.low', 'stock.out'],
      enabled: true,
      failingSince: null,
      disabledReason: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const listed = await app.rest('GET', '/api/users/profile/webhooks', undefined, { token });
    expect(listed.body).toEqual({ webhooks: [webhook] });
    expect(JSON.stringify(listed.body)).not.toContain(created.body.secret);
    expect((await app.gql(WEBHOOKS, {}, { token })).data.webhooks).toEqual([webhook]);

    const off = await app.rest('PATCH', `/api/users/profile/webhooks/${webhook.id}`, { enabled: false, events: ['product.deleted'] }, { token });
    expect(off.body.webhook).toMatchObject({ enabled: false, events: ['product.deleted'] });
    expect((await app.rest('DELETE', `/api/users/profile/webhooks/${webhook.id}`, undefined, { token })).body).toEqual({ message: 'Webhook deleted', id: webhook.id });
    expect((await app.rest('GET', '/api/users/profile/webhooks', undefined, { token })).body).toEqual({ webhooks: [] });
  });

  it('changes its URL and events, turns it off and on again and deletes it over GraphQL, with the answers REST gives', async () => {
    const { token } = await signUpUser(app);
    const { webhook } = await createWebhook(token, '/ok/gql-manage', ['stock.low']);
    const update = (input: Record<string, unknown>) => app.gql(UPDATE_WEBHOOK, { id: webhook.id, input }, { token });
    const listedOverRest = async () => (await app.rest('GET', '/api/users/profile/webhooks', undefined, { token })).body.webhooks;

    const off = await update({ enabled: false, events: ['product.deleted', 'stock.out', 'product.deleted'] });
    expect(off.errors).toBeUndefined();
    expect(off.data.updateWebhook).toMatchObject({ id: webhook.id, url: `${base}/ok/gql-manage`, events: ['product.deleted', 'stock.out'], enabled: false });
    const moved = await update({ url: ` ${base}/ok/gql-moved ` });
    expect(moved.data.updateWebhook).toMatchObject({ url: `${base}/ok/gql-moved`, events: ['product.deleted', 'stock.out'], enabled: false });
    expect(await listedOverRest()).toEqual([moved.data.updateWebhook]);

    const badUrl = 'URL must be a full web address, such as https://example.com/hooks/stockroom';
    const badEvents = 'Events must be among product.created, product.updated, product.deleted, product.restored, stock.changed, stock.low, stock.out';
    expectGqlError(await update({ url: 'file:///etc/passwd' }), 'BAD_USER_INPUT', badUrl, { url: badUrl });
    expectRestError(await app.rest('PATCH', `/api/users/profile/webhooks/${webhook.id}`, { url: 'file:///etc/passwd' }, { token }), 400, 'BAD_USER_INPUT', badUrl, { url: badUrl });
    expectGqlError(await update({ events: ['order.placed'] }), 'BAD_USER_INPUT', badEvents, { events: badEvents });
    expectRestError(await app.rest('PATCH', `/api/users/profile/webhooks/${webhook.id}`, { events: ['order.placed'] }, { token }), 400, 'BAD_USER_INPUT', badEvents, { events: badEvents });
    expect(await listedOverRest()).toEqual([moved.data.updateWebhook]);

    // Turned off by the server for failing, then on again by its owner: the run of failures is forgotten, on either transport.
    const turnedOffForFailing = () =>
      app.sql(`UPDATE webhooks SET enabled = false, failing_since = now() - interval '1 day', disabled_reason = 'Turned off after failing for 24 hours' WHERE id = $1`, [webhook.id]);
    await turnedOffForFailing();
    expect((await update({ enabled: true })).data.updateWebhook).toMatchObject({ enabled: true, failingSince: null, disabledReason: null });
    await turnedOffForFailing();
    const onOverRest = await app.rest('PATCH', `/api/users/profile/webhooks/${webhook.id}`, { enabled: true }, { token });
    expect(onOverRest.body.webhook).toMatchObject({ enabled: true, failingSince: null, disabledReason: null });

    expect((await app.gql(DELETE_WEBHOOK, { id: webhook.id }, { token })).data.deleteWebhook).toBe(webhook.id);
    expect((await app.gql(WEBHOOKS, {}, { token })).data.webhooks).toEqual([]);
    expect(await listedOverRest()).toEqual([]);
    expectGqlError(await app.gql(DELETE_WEBHOOK, { id: webhook.id }, { token }), 'NOT_FOUND', 'Webhook not found');
    expectGqlError(await update({ enabled: true }), 'NOT_FOUND', 'Webhook not found');
  });

  it('creates one over GraphQL and refuses an eleventh', async () => {
    const { token } = await signUpUser(app);
    const answer = await app.gql(CREATE_WEBHOOK, { input: { url: `${base}/ok/gql`, events: ['product.created'] } }, { token });
    expect(answer.data.createWebhook.secret).toMatch(/^whsec_/);
    for (let i = 0; i < 9; i++) await createWebhook(token, `/ok/${i}`);
    expectRestError(
      await app.rest('POST', '/api/users/profile/webhooks', { url: `${base}/ok/11`, events: ['product.created'] }, { token }),
      409,
      'CONFLICT',
      'You can have at most 10 webhooks. Delete one you no longer need first',
    );
  });

  it('mails the owner once per webhook made over REST or GraphQL: the host it sends to (not its path or query), how to delete it', async () => {
    const alice = await signUpUser(app, { firstName: 'Alice' });
    const mailsBefore = (await app.mailsTo(alice.email)).length;
    await createWebhook(alice.token, '/ok/hooks/secret-path?key=rest-secret');
    const overGql = await app.gql(CREATE_WEBHOOK, { input: { url: `${base}/ok/hooks?key=gql-secret`, events: ['stock.low'] } }, { token: alice.token });
    expect(overGql.errors).toBeUndefined();

    const mails = (await app.mailsTo(alice.email)).slice(mailsBefore).map(decodeQuotedPrintable);
    expect(mails).toHaveLength(2);
    const host = new URL(base).host;
    for (const mail of mails) {
      expect(mail).toContain('Subject: A new webhook was added to your Stockroom account');
      expect(mail).toContain('Hello Alice,');
      expect(mail).toContain(`A new webhook was added to your Stockroom account: it sends changes to your products and stock to ${host}.`);
      expect(mail).toContain("If this wasn't you, delete it in your profile and change your password.");
      expect(mail).toContain('Open your profile: http://stockroom.test/profile\n');
      for (const hidden of ['secret-path', 'rest-secret', 'gql-secret', 'whsec_']) expect(mail).not.toContain(hidden);
    }
  });

  it('is refused to an API token, even a write one', async () => {
    const { token: session } = await signUpUser(app);
    const { webhook } = await createWebhook(session, '/ok/token');
    const made = await app.rest('POST', '/api/users/profile/tokens', { name: 'Integration', scopes: ['read', 'write'] }, { token: session });
    const token = made.body.token;
    expectRestError(await app.rest('GET', '/api/users/profile/webhooks', undefined, { token }), 403, 'FORBIDDEN', DENIED);
    expectRestError(await app.rest('POST', '/api/users/profile/webhooks', { url: `${base}/ok`, events: ['stock.low'] }, { token }), 403, 'FORBIDDEN', DENIED);
    expectRestError(await app.rest('DELETE', `/api/users/profile/webhooks/${webhook.id}`, undefined, { token }), 403, 'FORBIDDEN', DENIED);
    expectRestError(await app.rest('POST', `/api/users/profile/webhooks/${webhook.id}/test`, undefined, { token }), 403, 'FORBIDDEN', DENIED);
    expectRestError(await app.rest('PATCH', `/api/users/profile/webhooks/${webhook.id}`, { enabled: false }, { token }), 403, 'FORBIDDEN', DENIED);
    expectGqlError(await app.gql(WEBHOOKS, {}, { token }), 'FORBIDDEN', DENIED);
    expectGqlError(await app.gql(UPDATE_WEBHOOK, { id: webhook.id, input: { enabled: false } }, { token }), 'FORBIDDEN', DENIED);
    expectGqlError(await app.gql(DELETE_WEBHOOK, { id: webhook.id }, { token }), 'FORBIDDEN', DENIED);
    expectGqlError(await app.gql(SEND_TEST_WEBHOOK, { id: webhook.id }, { token }), 'FORBIDDEN', DENIED);
    expect((await app.gql(WEBHOOKS, {}, { token: session })).data.webhooks).toMatchObject([{ id: webhook.id, enabled: true }]);
  });

  it("answers another user's webhook and delivery as not found", async () => {
    const alice = await signUpUser(app);
    const bob = await signUpUser(app);
    const { webhook } = await createWebhook(alice.token, '/ok/alice');
    expect((await app.rest('POST', `/api/users/profile/webhooks/${webhook.id}/test`, undefined, { token: alice.token })).status).toBe(202);
    const [delivery] = await eventually(() => deliveriesOf(alice.token, webhook.id), (log) => log.length > 0, 'the test delivery');
    const notFound = (answer: Awaited<ReturnType<TestApp['rest']>>) => expectRestError(answer, 404, 'NOT_FOUND', 'Webhook not found');
    notFound(await app.rest('PATCH', `/api/users/profile/webhooks/${webhook.id}`, { enabled: false }, { token: bob.token }));
    notFound(await app.rest('DELETE', `/api/users/profile/webhooks/${webhook.id}`, undefined, { token: bob.token }));
    notFound(await app.rest('GET', `/api/users/profile/webhooks/${webhook.id}/deliveries`, undefined, { token: bob.token }));
    notFound(await app.rest('POST', `/api/users/profile/webhooks/${webhook.id}/test`, undefined, { token: bob.token }));
    expectGqlError(await app.gql(DELIVERIES, { id: webhook.id }, { token: bob.token }), 'NOT_FOUND', 'Webhook not found');
    expectRestError(await app.rest('POST', `/api/users/profile/webhooks/deliveries/${delivery.id}/redeliver`, undefined, { token: bob.token }), 404, 'NOT_FOUND', 'Delivery not found');
    expectGqlError(await app.gql(UPDATE_WEBHOOK, { id: webhook.id, input: { enabled: false } }, { token: bob.token }), 'NOT_FOUND', 'Webhook not found');
    expectGqlError(await app.gql(DELETE_WEBHOOK, { id: webhook.id }, { token: bob.token }), 'NOT_FOUND', 'Webhook not found');
    expectGqlError(await app.gql(SEND_TEST_WEBHOOK, { id: webhook.id }, { token: bob.token }), 'NOT_FOUND', 'Webhook not found');
    expectGqlError(await app.gql(REDELIVER_WEBHOOK, { deliveryId: delivery.id }, { token: bob.token }), 'NOT_FOUND', 'Delivery not found');
    // Still Alice's, on, with only her test delivery in its log.
    expect((await app.gql(WEBHOOKS, {}, { token: alice.token })).data.webhooks).toMatchObject([{ id: webhook.id, enabled: true }]);
    expect(await deliveriesOf(alice.token, webhook.id)).toHaveLength(1);
  });
});

describe('refusing URLs and events', () => {
  const refused = (answer: Awaited<ReturnType<TestApp['rest']>>, field: string, message: string) => expectRestError(answer, 400, 'BAD_USER_INPUT', message, { [field]: message });

  it('refuses http, private and loopback addresses, file URLs, long URLs and unknown events where private addresses are not allowed', async () => {
    const { token } = await signUpUser(strict);
    const create = (url: string, events: unknown = ['stock.low']) => strict.rest('POST', '/api/users/profile/webhooks', { url, events }, { token });
    refused(await create('http://127.0.0.1/hooks'), 'url', 'URL must start with https://');
    const notPublic = (host: string) => `The host ${host} does not resolve to a public address: webhooks go to public addresses only`;
    refused(await create('https://127.0.0.1/hooks'), 'url', notPublic('127.0.0.1'));
    refused(await create('https://169.254.169.254/latest/meta-data'), 'url', notPublic('169.254.169.254'));
    refused(await create('https://[::ffff:127.0.0.1]/hooks'), 'url', notPublic('::ffff:7f00:1'));
    refused(await create('https://[64:ff9b:1::a00:1]/hooks'), 'url', notPublic('64:ff9b:1::a00:1'));
    // A name is refused without saying what it resolves to: the answer would map the server's network.
    refused(await create('https://localhost/hooks'), 'url', notPublic('localhost'));
    refused(await create('file:///etc/passwd'), 'url', 'URL must be a full web address, such as https://example.com/hooks/stockroom');
    refused(await create(`https://example.com/${'a'.repeat(2_100)}`), 'url', 'URL must be at most 2000 characters');
    refused(await create('https://example.com/hooks', ['stock.low', 'order.placed']), 'events', 'Events must be among product.created, product.updated, product.deleted, product.restored, stock.changed, stock.low, stock.out');
    refused(await create('https://example.com/hooks', []), 'events', 'Choose at least one event');
    expectGqlError(
      await strict.gql(CREATE_WEBHOOK, { input: { url: 'http://127.0.0.1:9/hooks', events: ['stock.low'] } }, { token }),
      'BAD_USER_INPUT',
      'URL must start with https://',
      { url: 'URL must start with https://' },
    );
    expect((await strict.rest('GET', '/api/users/profile/webhooks', undefined, { token })).body).toEqual({ webhooks: [] });
  });
});

describe('deliveries', () => {
  it('POSTs each subscribed event signed as documented, and nothing for a change that rolled back', async () => {
    const { token, user } = await signUpUser(app);
    const { webhook, secret } = await createWebhook(token, '/ok/signed');
    const mine = () => received.filter((r) => r.path === '/ok/signed');
    const stool = await createProduct(app, token, { quantity: 4, sku: 'WH-STOOL' });
    await createProduct(app, token, { sku: 'WH-CHAIR' });
    // Refused by the SKU's unique index inside the statement that wrote it: rolled back with its event.
    expect((await app.rest('PUT', `/api/products/${stool.id}`, { sku: 'wh-chair', name: 'Renamed' }, { token })).status).toBe(409);
    expect((await app.rest('POST', `/api/products/${stool.id}/stock`, { delta: -1 }, { token })).status).toBe(200);
    const ofStool = (list: Received[]) => list.map((r) => JSON.parse(r.body)).filter((body) => body.data.product.id === stool.id);
    // Deliveries run side by side, so they may arrive in any order.
    await eventually(async () => mine(), (list) => ofStool(list).length >= 2, 'the creation and the stock change');
    await eventually(() => app.sql('SELECT count(*)::int AS n FROM events'), ([{ n }]) => n === 0, 'the outbox emptied');
    await app.jobsDone('event-webhooks');
    await app.jobsDone('webhook-delivery');
    const deliveries = mine();
    const bodies = deliveries.map((r) => JSON.parse(r.body));
    expect(ofStool(deliveries).map((body) => body.type).sort()).toEqual(['product.created', 'stock.changed']);
    expect(bodies.some((body) => body.data.product.name === 'Renamed')).toBe(false);
    const change = deliveries.find((r) => JSON.parse(r.body).type === 'stock.changed')!;
    expect(JSON.parse(change.body)).toEqual({
      id: expect.any(String),
      type: 'stock.changed',
      createdAt: expect.any(String),
      data: { product: { ...stool, quantity: 3, version: 2, updatedAt: expect.any(String) } },
    });
    expect(JSON.parse(change.body).data.product.owner).toBe(user.id);

    // The verification the API document gives receivers, run as they would run it.
    const doc = (await app.rest('GET', '/api/openapi.json')).body;
    const snippet = /```js\n([\s\S]*?)```/.exec(doc.paths['/api/users/profile/webhooks'].post.description)![1];
    const verify = new Function('require', `${snippet}; return verify;`)(require) as (raw: string, header: string, secret: string) => boolean;
    const header = change.headers['stockroom-signature'] as string;
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verify(change.body, header, secret)).toBe(true);
    expect(verify(change.body.replace('"quantity":3', '"quantity":300'), header, secret)).toBe(false);
    expect(verify(change.body, header, 'whsec_wrong')).toBe(false);

    const log = await eventually(() => deliveriesOf(token, webhook.id), (list) => list.some((entry) => entry.eventType === 'stock.changed'), 'the log');
    expect(log.find((entry) => entry.eventType === 'stock.changed')).toEqual({ id: expect.any(String), eventId: expect.any(String), eventType: 'stock.changed', attempt: 1, statusCode: 204, error: null, durationMs: expect.any(Number), createdAt: expect.any(String) });
  });

  it('sends a test event and redelivers a logged one, each shown in the log', async () => {
    const { token } = await signUpUser(app);
    const { webhook } = await createWebhook(token, '/ok/test-event');
    const sent = await app.rest('POST', `/api/users/profile/webhooks/${webhook.id}/test`, undefined, { token });
    expect(sent).toMatchObject({ status: 202, body: { id: webhook.id } });
    const [test] = await eventually(() => deliveriesOf(token, webhook.id), (log) => log.length === 1, 'the test delivery');
    expect(test).toMatchObject({ eventType: 'webhook.test', attempt: 1, statusCode: 204 });
    expect(JSON.parse(received.find((r) => r.path === '/ok/test-event')!.body)).toMatchObject({ type: 'webhook.test', data: { product: { name: 'Test product' } } });
    expect((await app.rest('POST', `/api/users/profile/webhooks/deliveries/${test.id}/redeliver`, undefined, { token })).status).toBe(202);
    const log = await eventually(() => deliveriesOf(token, webhook.id), (list) => list.length === 2, 'the redelivery');
    expect(log[0]).toMatchObject({ eventId: test.eventId, eventType: 'webhook.test', attempt: 1, statusCode: 204 });
  });

  it('sends a test event and redelivers a logged one over GraphQL, with the outcome REST gives', async () => {
    const { token } = await signUpUser(app);
    const { webhook } = await createWebhook(token, '/ok/gql-test-event');
    const mine = () => received.filter((r) => r.path === '/ok/gql-test-event');
    expect((await app.gql(SEND_TEST_WEBHOOK, { id: webhook.id }, { token })).data.sendTestWebhook).toBe(webhook.id);
    const [test] = await eventually(() => gqlDeliveriesOf(token, webhook.id), (log) => log.length === 1, 'the test delivery');
    expect(test).toMatchObject({ eventType: 'webhook.test', attempt: 1, statusCode: 204, error: null });
    expect(mine()).toHaveLength(1);
    expect(JSON.parse(mine()[0].body)).toMatchObject({ id: test.eventId, type: 'webhook.test', data: { product: { name: 'Test product' } } });

    expect((await app.gql(REDELIVER_WEBHOOK, { deliveryId: test.id }, { token })).data.redeliverWebhook).toBe(webhook.id);
    const log = await eventually(() => gqlDeliveriesOf(token, webhook.id), (list) => list.length === 2, 'the redelivery');
    expect(log[0]).toMatchObject({ eventId: test.eventId, eventType: 'webhook.test', attempt: 1, statusCode: 204 });
    expect(log[0].id).not.toBe(test.id);
    // The same body again, as a new delivery.
    expect(mine().map((r) => r.body)).toEqual([mine()[0].body, mine()[0].body]);
    expect(await deliveriesOf(token, webhook.id)).toEqual(log);
  });

  it('retries a receiver that answers 500 or 301, answers too slowly or never, then turns the webhook off and emails its owner', async () => {
    const owner = await signUpUser(app);
    const hooks = {
      fail: (await createWebhook(owner.token, '/fail', ['product.created'])).webhook.id,
      moved: (await createWebhook(owner.token, '/moved', ['product.created'])).webhook.id,
      slow: (await createWebhook(owner.token, '/slow', ['product.created'])).webhook.id,
      hang: (await createWebhook(owner.token, '/hang', ['product.created'])).webhook.id,
    };
    await createProduct(app, owner.token);
    const listed = await eventually(
      async () => (await app.rest('GET', '/api/users/profile/webhooks', undefined, { token: owner.token })).body.webhooks as any[],
      (webhooks) => webhooks.every((w) => !w.enabled),
      'every failing webhook turned off',
      30_000,
    );
    for (const webhook of listed) expect(webhook).toMatchObject({ enabled: false, disabledReason: 'Turned off after failing for 24 hours', failingSince: expect.any(String) });
    const errors: Record<string, unknown> = {};
    for (const [name, id] of Object.entries(hooks)) {
      const log = await deliveriesOf(owner.token, id);
      expect(log.length).toBeGreaterThanOrEqual(2);
      expect(log.map((entry) => entry.attempt)).toEqual(log.map((_, i) => log.length - i));
      errors[name] = { statusCode: log[0].statusCode, error: log[0].error };
      // Attempts wait the retry delay (1 s here) or longer, and the last is the one at the end of the
      // 2 s failure window, which turned the webhook off: not one more, nor one much later.
      const times = log.map((entry) => new Date(entry.createdAt).getTime()).reverse();
      const gaps = times.slice(1).map((time, i) => time - times[i]);
      expect({ name, shortGaps: gaps.filter((gap) => gap < 950) }).toEqual({ name, shortGaps: [] });
      const failingSince = new Date(listed.find((webhook) => webhook.id === id).failingSince).getTime();
      expect({ name, lastAttemptAfterWindow: times.at(-1)! - failingSince >= 2_000 - 50 }).toEqual({ name, lastAttemptAfterWindow: true });
      expect({ name, span: times.at(-1)! - times[0] <= 5_000 }).toEqual({ name, span: true });
    }
    expect(errors).toEqual({
      fail: { statusCode: 500, error: 'The receiver answered 500' },
      moved: { statusCode: 301, error: 'The receiver answered 301' },
      slow: { statusCode: null, error: 'No answer within 0.5 s' },
      hang: { statusCode: null, error: 'No answer within 0.5 s' },
    });
    // The redirect was not followed.
    expect(received.filter((r) => r.path === '/ok').length).toBe(0);
    const mails = (await app.mailsTo(owner.email)).filter((mail) => mail.includes('Subject: A Stockroom webhook was turned off'));
    expect(mails).toHaveLength(4);
    expect(decodeQuotedPrintable(mails.join('\n'))).toContain(`Deliveries to your webhook ${base}/fail have failed for 2 seconds`);

    // Turned off, it gets nothing more.
    const before = received.length;
    await createProduct(app, owner.token);
    await app.jobsDone('event-webhooks');
    await app.jobsDone('webhook-delivery');
    expect(received.length).toBe(before);
  });
});

describe('the delivery log', () => {
  /** Logs one attempt with the statement a delivery logs with; `attempt` numbers them in the order written. */
  const logAttempt = (webhookId: string, attempt: number) => {
    const { text, values } = toPg(
      logDeliveryStatement({ webhookId, deliveryId: randomUUID(), eventId: randomUUID(), eventType: 'stock.changed', body: '{}', attempt, statusCode: 204, error: null, durationMs: 5 }),
    );
    return app.sql(text, values);
  };
  const storedAttempts = async (webhookId: string) =>
    (await app.sql(`SELECT attempt FROM webhook_deliveries WHERE webhook_id = $1 ORDER BY created_at DESC, id DESC`, [webhookId])).map((row) => row.attempt as number);
  /** `from`, `from - 1`, ... down to `to`. */
  const countdown = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => from - i);

  it('keeps the last 100 attempts of each webhook, and lists at most 100, newest first, on both transports', async () => {
    const { token } = await signUpUser(app);
    const { webhook } = await createWebhook(token, '/ok/log-length', ['stock.low']);
    const { webhook: other } = await createWebhook(token, '/ok/log-other', ['stock.low']);
    for (let attempt = 1; attempt <= 3; attempt += 1) await logAttempt(other.id, attempt);
    for (let attempt = 1; attempt <= 105; attempt += 1) await logAttempt(webhook.id, attempt);

    expect(await storedAttempts(webhook.id)).toEqual(countdown(105, 6));
    expect(await storedAttempts(other.id)).toEqual([3, 2, 1]);
    const listed = await deliveriesOf(token, webhook.id);
    expect(listed.map((entry) => entry.attempt)).toEqual(countdown(105, 6));
    expect(await gqlDeliveriesOf(token, webhook.id)).toEqual(listed);

    // The list is capped on its own too: rows written around the trim are not all listed.
    await app.sql(
      `INSERT INTO webhook_deliveries (id, webhook_id, delivery_id, event_id, event_type, body, attempt, status_code, duration_ms, created_at)
        SELECT gen_random_uuid(), $1, gen_random_uuid(), gen_random_uuid(), 'stock.changed', '{}', 1000 + n, 204, 5, clock_timestamp() FROM generate_series(1, 20) n`,
      [webhook.id],
    );
    const newest = [...countdown(1020, 1001), ...countdown(105, 26)];
    expect((await deliveriesOf(token, webhook.id)).map((entry) => entry.attempt)).toEqual(newest);
    expect((await gqlDeliveriesOf(token, webhook.id)).map((entry) => entry.attempt)).toEqual(newest);

    // A delivery sent for real logs through the same statement, which trims the log back to 100.
    expect((await app.rest('POST', `/api/users/profile/webhooks/${webhook.id}/test`, undefined, { token })).status).toBe(202);
    const afterTest = await eventually(() => deliveriesOf(token, webhook.id), (log) => log[0]?.eventType === 'webhook.test', 'the test delivery');
    expect(afterTest.map((entry) => entry.attempt)).toEqual([1, ...countdown(1020, 1001), ...countdown(105, 27)]);
    expect((await storedAttempts(webhook.id)).length).toBe(100);
    expect(await storedAttempts(other.id)).toEqual([3, 2, 1]);
  });
});
