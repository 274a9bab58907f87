/**
 * Low-stock emails: each user's choice (never, at once, or a daily digest at
 * a local hour), over GraphQL and REST; the emails the event outbox's
 * `stock.low` / `stock.out` crossings lead to, through the real job queue and
 * mail transport; and the hourly digest run, driven with a given clock.
 */
import type { MikroORM } from '@mikro-orm/postgresql';
import { openDatabase } from '../../backend/src/app/database';
import { databaseLimitsOf } from '../../backend/src/config/config';
import { createSqlPool } from '../../backend/src/db/sql';
import { createMailer } from '../../backend/src/mail/mailer';
import { sendDueDigests } from '../../backend/src/notifications/low-stock-digest';
import type { LowStockEmailDeps } from '../../backend/src/notifications/low-stock-alerts';
import { createProduct, expectGqlError, expectRestError } from '../support/products';
import { decodeQuotedPrintable, signUpUser, startTestApp, type TestApp } from '../support/test-app';

const SETTINGS = `query { notificationSettings { lowStockEmails digestHour timeZone } }`;
const UPDATE = `mutation Update($input: NotificationSettingsInput!) { updateNotificationSettings(input: $input) { lowStockEmails digestHour timeZone } }`;
const CREATE_TOKEN = `mutation CreateApiToken($input: CreateApiTokenInput!) { createApiToken(input: $input) { token } }`;
const SUBSCRIBER_QUEUE = 'event-low-stock-emails';

let app: TestApp;
let orm: MikroORM;
let digestDeps: LowStockEmailDeps;

beforeAll(async () => {
  app = await startTestApp();
  // The digest run as the hourly job makes it, on the app's database and mail folder, with a clock the test chooses.
  orm = await openDatabase(app.databaseUrl, databaseLimitsOf(app.config));
  const transport = createMailer({ from: app.config.mailFrom, dataDir: app.config.dataDir, log: () => {} });
  digestDeps = { sql: createSqlPool(orm), mailer: { send: (mail) => transport.deliver(mail) }, appUrl: app.config.appUrl };
});
afterAll(async () => {
  await orm?.close();
  await app?.close();
});

/** Resolves once every event written so far has been handed on and handled, and its mail delivered. */
async function eventsSettled(): Promise<void> {
  while ((await app.sql<{ n: number }>('SELECT count(*)::int AS n FROM events'))[0].n > 0) await new Promise((resolve) => setTimeout(resolve, 50));
  await app.jobsDone(SUBSCRIBER_QUEUE);
}

/** A shop owner with a confirmed address (alerts only go to confirmed ones) and the given choice. */
async function owner(settings: Record<string, unknown>) {
  const account = await signUpUser(app, { firstName: 'Mia' });
  await app.sql('UPDATE users SET email_verified = true WHERE id = $1', [account.user.id]);
  const answer = await app.gql(UPDATE, { input: settings }, { token: account.token });
  expect(answer.errors).toBeUndefined();
  await app.mailsTo(account.email);
  return account;
}

async function sell(token: string, id: string, count: number) {
  const answer = await app.rest('POST', `/api/products/${id}/stock`, { delta: -count }, { token });
  expect(answer.status).toBe(200);
  await eventsSettled();
}

async function restock(token: string, id: string, count: number) {
  expect((await app.rest('POST', `/api/products/${id}/stock`, { delta: count }, { token })).status).toBe(200);
  await eventsSettled();
}

/** The low-stock mails a user got (not the sign-up's verification mail), decoded. */
async function alertsTo(email: string): Promise<string[]> {
  await eventsSettled();
  return (await app.mailsTo(email)).map(decodeQuotedPrintable).filter((mail) => /running low|out of stock/.test(mail));
}

describe('notification settings', () => {
  it('start as NEVER and change over GraphQL and REST; a time zone is stored as Intl names it', async () => {
    const { token } = await signUpUser(app);
    expect((await app.gql(SETTINGS, {}, { token })).data.notificationSettings).toEqual({ lowStockEmails: 'NEVER', digestHour: 8, timeZone: null });
    expect((await app.rest('GET', '/api/users/profile/notifications', undefined, { token })).body).toEqual({
      notificationSettings: { lowStockEmails: 'NEVER', digestHour: 8, timeZone: null },
    });

    const gql = await app.gql(UPDATE, { input: { lowStockEmails: 'DAILY_DIGEST', digestHour: 18, timeZone: 'us/eastern' } }, { token });
    expect(gql.data.updateNotificationSettings).toEqual({ lowStockEmails: 'DAILY_DIGEST', digestHour: 18, timeZone: 'America/New_York' });

    const rest = await app.rest('PUT', '/api/users/profile/notifications', { lowStockEmails: 'IMMEDIATE' }, { token });
    expect(rest.status).toBe(200);
    expect(rest.body.notificationSettings).toEqual({ lowStockEmails: 'IMMEDIATE', digestHour: 18, timeZone: 'America/New_York' });
    expect((await app.gql(SETTINGS, {}, { token })).data.notificationSettings).toEqual(rest.body.notificationSettings);
  });

  it('take two first saves at once: both succeed and one of them stands', async () => {
    const { token } = await signUpUser(app);
    const saves = await Promise.all(
      [3, 4].map((digestHour) => app.rest('PUT', '/api/users/profile/notifications', { lowStockEmails: 'DAILY_DIGEST', digestHour }, { token })),
    );
    expect(saves.map((answer) => answer.status)).toEqual([200, 200]);
    const stored = (await app.rest('GET', '/api/users/profile/notifications', undefined, { token })).body.notificationSettings;
    expect(stored.lowStockEmails).toBe('DAILY_DIGEST');
    expect([3, 4]).toContain(stored.digestHour);
  });

  it('refuses an unknown time zone, hour 24 and an unknown choice with the field and its message, and stores nothing', async () => {
    const { token } = await signUpUser(app);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ timeZone: 'Mars/Olympus_Mons' }, 'timeZone', 'Time zone must be an IANA time zone name, such as Europe/Paris'],
      [{ timeZone: '+02:00' }, 'timeZone', 'Time zone must be an IANA time zone name, such as Europe/Paris'],
      [{ digestHour: 24 }, 'digestHour', 'Digest hour cannot exceed 23'],
      [{ digestHour: -1 }, 'digestHour', 'Digest hour must be at least 0'],
      [{ digestHour: 7.5 }, 'digestHour', 'Digest hour must be a whole number'],
      [{ lowStockEmails: 'SOMETIMES' }, 'lowStockEmails', 'Low-stock emails must be one of NEVER, IMMEDIATE, DAILY_DIGEST'],
      [{ lowStockEmails: null }, 'lowStockEmails', 'Low-stock emails cannot be null'],
    ];
    for (const [input, field, message] of cases) {
      expectRestError(await app.rest('PUT', '/api/users/profile/notifications', input, { token }), 400, 'BAD_USER_INPUT', message, { [field]: message });
      // GraphQL's own types refuse what is not an Int or not one of the enum's values before the service sees it.
      if (field !== 'lowStockEmails' && Number.isInteger(input.digestHour ?? 0)) expectGqlError(await app.gql(UPDATE, { input }, { token }), 'BAD_USER_INPUT', message, { [field]: message });
    }
    const wrongEnum = await app.gql(UPDATE, { input: { lowStockEmails: 'SOMETIMES' } }, { token });
    expect(wrongEnum.errors?.[0].extensions?.code).toBe('BAD_USER_INPUT');
    expect(wrongEnum.errors?.[0].message).toMatch(/LowStockEmailMode/);
    expect((await app.gql(SETTINGS, {}, { token })).data.notificationSettings).toEqual({ lowStockEmails: 'NEVER', digestHour: 8, timeZone: null });
  });

  it('are an account setting: a personal access token may neither read nor change them (403), nobody signed out either (401)', async () => {
    const { token } = await signUpUser(app);
    const created = await app.gql(CREATE_TOKEN, { input: { name: 'Integration', scopes: ['read', 'write'] } }, { token });
    const apiToken = created.data.createApiToken.token as string;
    const denied = 'Access denied. Insufficient permissions';
    expectRestError(await app.rest('PUT', '/api/users/profile/notifications', { lowStockEmails: 'IMMEDIATE' }, { token: apiToken }), 403, 'FORBIDDEN', denied);
    expectRestError(await app.rest('GET', '/api/users/profile/notifications', undefined, { token: apiToken }), 403, 'FORBIDDEN', denied);
    expectGqlError(await app.gql(UPDATE, { input: { lowStockEmails: 'IMMEDIATE' } }, { token: apiToken }), 'FORBIDDEN', denied);
    expect((await app.rest('PUT', '/api/users/profile/notifications', { lowStockEmails: 'IMMEDIATE' })).status).toBe(401);
    expect((await app.gql(SETTINGS, {}, { token })).data.notificationSettings.lowStockEmails).toBe('NEVER');
  });
});

describe('immediate low-stock emails', () => {
  it('send one email per crossing, not one per sale below the level; a restock and a new crossing send another', async () => {
    const { token, email } = await owner({ lowStockEmails: 'IMMEDIATE' });
    const product = await createProduct(app, token, { name: 'Lamp <b>&</b> Co', quantity: 10, reorderLevel: 5 });
    await sell(token, product.id, 6);
    await sell(token, product.id, 1);
    const first = await alertsTo(email);
    expect(first).toHaveLength(1);
    expect(first[0]).toContain('Subject: Lamp <b>&</b> Co is running low');
    expect(first[0]).toContain('Lamp <b>&</b> Co is running low: 4 left, reorder level 5');
    expect(first[0]).toContain('Lamp &lt;b&gt;&amp;&lt;/b&gt; Co is running low: 4 left, reorder level 5');
    expect(first[0]).not.toContain('<p>Lamp <b>');
    expect(first[0]).toContain(`http://stockroom.test/products/${product.id}`);

    await restock(token, product.id, 10);
    await sell(token, product.id, 9);
    expect(await alertsTo(email)).toHaveLength(2);
  });

  it('send an out-of-stock email when a product reaches 0', async () => {
    const { token, email } = await owner({ lowStockEmails: 'IMMEDIATE' });
    const product = await createProduct(app, token, { name: 'Kettle', quantity: 3, reorderLevel: null });
    await sell(token, product.id, 3);
    const mails = await alertsTo(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Kettle is out of stock');
  });

  it('send nothing on NEVER, nor to an address that is not confirmed', async () => {
    const never = await owner({ lowStockEmails: 'NEVER' });
    const unconfirmed = await owner({ lowStockEmails: 'IMMEDIATE' });
    await app.sql('UPDATE users SET email_verified = false WHERE id = $1', [unconfirmed.user.id]);
    for (const { token } of [never, unconfirmed]) {
      const product = await createProduct(app, token, { quantity: 4, reorderLevel: 5 });
      await sell(token, product.id, 1);
      await sell(token, product.id, 3);
    }
    expect(await alertsTo(never.email)).toEqual([]);
    expect(await alertsTo(unconfirmed.email)).toEqual([]);
    expect(await app.sql('SELECT * FROM stock_alerts WHERE workspace_id IN (SELECT id FROM workspaces WHERE personal_user_id = ANY($1::uuid[]))', [[never.user.id, unconfirmed.user.id]])).toEqual([]);
  });
});

describe('the daily digest', () => {
  /** 03:30 UTC is 09:00 in Kolkata (UTC+5:30, no summer time). */
  const NINE_IN_KOLKATA = new Date('2026-11-26T03:30:00Z');

  it("collects a day's crossings and sends them once, at the user's local hour; nothing crossed, nothing sent", async () => {
    const { token, email, user } = await owner({ lowStockEmails: 'DAILY_DIGEST', digestHour: 9, timeZone: 'Asia/Kolkata' });
    const lamp = await createProduct(app, token, { name: 'Lamp', quantity: 10, reorderLevel: 5 });
    const kettle = await createProduct(app, token, { name: 'Kettle & Pot', quantity: 2, reorderLevel: null });
    const gone = await createProduct(app, token, { name: 'Trashed chair', quantity: 10, reorderLevel: 5 });
    await sell(token, lamp.id, 7);
    await sell(token, lamp.id, 3);
    await sell(token, kettle.id, 2);
    await sell(token, gone.id, 6);
    expect((await app.rest('DELETE', `/api/products/${gone.id}`, undefined, { token })).status).toBe(200);
    expect(await alertsTo(email)).toEqual([]);

    await sendDueDigests(digestDeps, new Date('2026-11-26T02:30:00Z'));
    expect(await app.mailsTo(email)).toHaveLength(1);

    await Promise.all([sendDueDigests(digestDeps, NINE_IN_KOLKATA), sendDueDigests(digestDeps, NINE_IN_KOLKATA)]);
    const mails = (await app.mailsTo(email)).slice(1).map(decodeQuotedPrintable);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: Stockroom: 2 products ran low or out of stock');
    // The lamp ran low and then out: its latest crossing is the one that counts.
    expect(mails[0]).toContain(`- Lamp is out of stock: http://stockroom.test/products/${lamp.id}`);
    expect(mails[0]).toContain(`- Kettle & Pot is out of stock: http://stockroom.test/products/${kettle.id}`);
    expect(mails[0]).toContain('Kettle &amp; Pot is out of stock');
    expect(mails[0]).not.toContain('Trashed chair');

    await sendDueDigests(digestDeps, new Date('2026-11-27T03:30:00Z'));
    expect(await app.mailsTo(email)).toHaveLength(2);
    expect(await app.sql('SELECT count(*)::int AS n FROM stock_alerts WHERE workspace_id = (SELECT id FROM workspaces WHERE personal_user_id = $1) AND sent_at IS NULL', [user.id])).toEqual([{ n: 0 }]);
  });

  it('drops the waiting crossings when the user turns the digest off', async () => {
    const { token, email } = await owner({ lowStockEmails: 'DAILY_DIGEST', digestHour: 9, timeZone: 'Asia/Kolkata' });
    const product = await createProduct(app, token, { quantity: 1, reorderLevel: null });
    await sell(token, product.id, 1);
    expect((await app.gql(UPDATE, { input: { lowStockEmails: 'NEVER' } }, { token })).errors).toBeUndefined();
    await sendDueDigests(digestDeps, new Date('2026-11-28T03:30:00Z'));
    expect(await app.mailsTo(email)).toHaveLength(1);
  });
});
