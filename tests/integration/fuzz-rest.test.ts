import fc from 'fast-check';
import { FUZZ_RUNS, fuzzTimeout, seedFor } from '../support/fuzz/config';
import { type Hints, type JsonSchema, strongPassword, validEmail } from '../support/fuzz/json-schema-arbitrary';
import { documentedMethods, edgeRequests, restOperations, restRequests, type RestOperation, type RestRequest } from '../support/fuzz/openapi-operations';
import { FailureLog, SuccessShare } from '../support/fuzz/report';
import { RestChecker } from '../support/fuzz/rest-checks';
import { describeAnswer, describeRequest, sendRest, urlOf } from '../support/fuzz/rest-client';
import { fillSlots, Multipart, Slot } from '../support/fuzz/slots';
import { FuzzWorld, type Account, type Role } from '../support/fuzz/world';
import { startTestApp, type TestApp } from '../support/test-app';
import { webhookUrl } from '../support/fuzz/webhook-urls';

/**
 * Property-based fuzzing of the REST layer from its own OpenAPI document:
 * for every documented operation, as a member and as an admin, requests
 * generated valid (documented types and bounds, real ids) and invalid (wrong
 * types, nulls, huge numbers, hostile text, unknown fields, malformed JSON,
 * other users' and malformed ids, missing or forged tokens). Every answer must
 * be a documented one: no 5xx, a listed status, the listed content type, a body
 * matching the documented schema exactly. FUZZ_RUNS and FUZZ_SEED scale and
 * replay a run (tests/support/fuzz/config.ts).
 */

let app: TestApp;
let doc: JsonSchema;
let operations: RestOperation[];
let checker: RestChecker;
let world: FuzzWorld;

/**
 * Operations that may sign the caller out, change its password or email, or
 * deactivate it, or change its whole catalogue at once (a bulk delete may take
 * every product): they run as a disposable stand-in of the same role.
 */
const DISRUPTIVE = new Set([
  'POST /api/auth/signout',
  'POST /api/users/profile/password',
  'PUT /api/users/profile/me',
  'PUT /api/users/{id}',
  'DELETE /api/users/{id}',
  'POST /api/auth/reset-password',
  'POST /api/products/bulk',
  'POST /api/products/purge',
  'DELETE /api/products/trash',
]);

/** Operations on one of the caller's webhooks or deliveries, whose ids the generator never sees. */
const WEBHOOK_BY_ID = [
  'PATCH /api/users/profile/webhooks/{id}',
  'DELETE /api/users/profile/webhooks/{id}',
  'GET /api/users/profile/webhooks/{id}/deliveries',
  'POST /api/users/profile/webhooks/{id}/test',
  'POST /api/users/profile/webhooks/deliveries/{id}/redeliver',
];

/**
 * Operations on one workspace or its members, whose ids the generator never sees (tests/integration/workspaces.test.ts
 * drives them; tests/integration/workspace-second-factor.test.ts the policy).
 */
const WORKSPACE_BY_ID = [
  'GET /api/workspaces/{id}',
  'PUT /api/workspaces/{id}',
  'PUT /api/workspaces/{id}/policy',
  'DELETE /api/workspaces/{id}',
  'GET /api/workspaces/{id}/members',
  'PUT /api/workspaces/{id}/members/{userId}',
  'DELETE /api/workspaces/{id}/members/{userId}',
];

/** Invitations: by a workspace's id, or by a mailed token the generator never sees (tests/integration/workspace-invitations.test.ts drives them). */
const INVITATIONS = [
  'GET /api/workspaces/{id}/invitations',
  'POST /api/workspaces/{id}/invitations',
  'DELETE /api/workspaces/{id}/invitations/{invitationId}',
  'POST /api/workspaces/{id}/invitations/{invitationId}/resend',
  'GET /api/invitations/{token}',
  'POST /api/invitations/{token}/accept',
];

/** Operations on a location of the caller's, or between two, whose ids the generator never sees (tests/integration/locations.test.ts drives them). */
const LOCATION_BY_ID = ['GET /api/locations/{id}', 'PUT /api/locations/{id}', 'DELETE /api/locations/{id}', 'POST /api/products/{id}/transfer', 'POST /api/transfers'];

/** Operations on one stock count, whose ids the generator never sees (tests/integration/stock-counts.test.ts drives them). */
const STOCK_COUNT_BY_ID = [
  'GET /api/stock-counts/{id}',
  'GET /api/stock-counts/{id}/review',
  'GET /api/stock-counts/{id}/stock',
  'POST /api/stock-counts/{id}/lines',
  'POST /api/stock-counts/{id}/submit',
  'POST /api/stock-counts/{id}/approve',
  'POST /api/stock-counts/{id}/cancel',
];

/** Single sign-on's routes: the fuzzed app has no OIDC_ settings, so each is a (documented) 404. */
const SINGLE_SIGN_ON = ['GET /api/auth/oidc/start', 'GET /api/auth/oidc/callback', 'POST /api/auth/oidc/session', 'GET /api/auth/oidc/link', 'POST /api/auth/oidc/link', 'DELETE /api/auth/oidc/link'];

/**
 * Valid requests that cannot succeed for this caller: the mailed token and the caller's API token ids are unknown to the generator,
 * the product ids it knows are of live products (GET /api/products/trash/{id} finds one only in the trash), or the operation is for admins.
 */
/** A second factor's codes come from an authenticator the generator does not have, and it never knows the password it would step up with (tests/integration/two-factor.test.ts drives them). */
const SECOND_FACTOR = ['POST /api/auth/signin/mfa', 'POST /api/users/profile/mfa/totp/confirm', 'POST /api/users/profile/mfa/recovery-codes', 'DELETE /api/users/profile/mfa/totp', 'POST /api/users/profile/step-up'];

/**
 * A passkey's answers come from an authenticator the generator does not have, the token of a right password from a sign-in it does
 * not make, and its accounts have no passkey to step up with (tests/integration/passkeys.test.ts drives them).
 */
const PASSKEYS = [
  'POST /api/auth/passkey/options',
  'POST /api/auth/passkey/signin',
  'POST /api/users/profile/step-up/passkey/options',
  'POST /api/users/profile/passkeys',
  'PATCH /api/users/profile/passkeys/{id}',
  'DELETE /api/users/profile/passkeys/{id}',
];

const CANNOT_SUCCEED: Record<Role, Set<string>> = {
  member: new Set(['POST /api/auth/reset-password', 'POST /api/users/verify-email', 'GET /api/users', 'GET /api/users/admin/stats', 'DELETE /api/users/profile/tokens/{id}', 'GET /api/products/trash/{id}', ...WEBHOOK_BY_ID, ...WORKSPACE_BY_ID, ...INVITATIONS, ...LOCATION_BY_ID, ...STOCK_COUNT_BY_ID, ...SINGLE_SIGN_ON, ...SECOND_FACTOR, ...PASSKEYS]),
  admin: new Set(['POST /api/auth/reset-password', 'POST /api/users/verify-email', 'DELETE /api/users/profile/tokens/{id}', 'GET /api/products/trash/{id}', ...WEBHOOK_BY_ID, ...WORKSPACE_BY_ID, ...INVITATIONS, ...LOCATION_BY_ID, ...STOCK_COUNT_BY_ID, ...SINGLE_SIGN_ON, ...SECOND_FACTOR, ...PASSKEYS]),
};

const FORGED_TOKENS = [
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIwMDAwMDAwMC0wMDAwLTQwMDAtODAwMC0wMDAwMDAwMDAwMDAiLCJleHAiOjQxMDI0NDQ4MDB9.c2lnbmF0dXJl',
  'eyJhbGciOiJub25lIn0.eyJzdWIiOiJhZG1pbiJ9.',
  'null',
  "' OR 1=1 --",
];

const slot = (name: string) => fc.constant(new Slot(name));
const slotPick = (name: string) => fc.nat(20).map((pick) => new Slot(name, pick));

/** Values the document cannot describe but a real client knows: fresh emails, its own password, an existing category. */
function hintsFor(operation: RestOperation, role: Role, valid: boolean): Hints {
  const auth = operation.path.startsWith('/api/auth/') || operation.path === '/api/users/verify-email';
  return (name) => {
    switch (name) {
      case 'email':
        if (!valid) return fc.oneof(slotPick('email:known'), slot('email:fresh'), validEmail);
        if (operation.key === 'POST /api/auth/signin') return slot('email:signIn');
        // Mostly addresses no account has, so a per-recipient mail cap does not turn valid requests into 429s.
        if (auth && operation.key !== 'POST /api/auth/signup') return fc.oneof({ weight: 1, arbitrary: slotPick('email:known') }, { weight: 3, arbitrary: validEmail });
        return slot('email:fresh');
      case 'password':
        if (operation.key === 'POST /api/auth/signin') return valid ? slot('password:signIn') : undefined;
        return strongPassword;
      // A valid stock change, list or new location names no location (the default one, the top): the generator knows no location's id.
      case 'locationId':
      case 'parentId':
        return valid ? fc.constant(undefined) : undefined;
      case 'newPassword':
        return strongPassword;
      case 'currentPassword':
        return valid ? slot('password:caller') : fc.oneof(slot('password:caller'), strongPassword);
      case 'resetToken':
      case 'token':
        return fc.stringMatching(/^[A-Za-z0-9_-]{43}$/);
      case 'imageUrl':
        return fc.oneof(fc.constant(null), fc.nat(9999).map((n) => `https://images.example.com/${n}.jpg`));
      case 'category':
        return operation.path === '/api/products/category/{category}' ? slotPick('category') : undefined;
      case 'version':
        // A version is a claim about the current state: mostly leave it out, sometimes a likely-stale one.
        return valid ? fc.constantFrom(undefined, undefined, undefined, 1) : undefined;
      case 'role':
      case 'status':
        // Only an admin may set them, and never on their own account: a valid request mostly leaves them out.
        return valid ? (role === 'admin' ? fc.oneof(fc.constant(undefined), fc.constant(undefined), slotPick(`${name}:any`)) : fc.constant(undefined)) : undefined;
      case 'delta':
        return valid ? fc.integer({ min: -2, max: 25 }).filter((delta) => delta !== 0) : undefined;
      case 'timeZone':
        // A zone Intl knows: the document can only say it is text.
        return valid ? fc.constantFrom('UTC', 'Europe/Paris', 'Asia/Kolkata', 'America/New_York') : undefined;
      case 'url':
        return webhookUrl(valid);
      case 'ids':
        // A bulk selection by id names some of the caller's products.
        return valid ? fc.array(slotPick('id:own'), { minLength: 1, maxLength: 3 }) : undefined;
    }
    return undefined;
  };
}

beforeAll(async () => {
  // Webhook URLs on 127.0.0.1 (a closed port): nothing is resolved or sent beyond this machine.
  app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  const answer = await app.rest('GET', '/api/openapi.json');
  if (answer.status !== 200) throw new Error(`GET /api/openapi.json answered ${answer.status}`);
  doc = answer.body;
  operations = restOperations(doc);
  checker = new RestChecker(doc);
  world = await FuzzWorld.create(app);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

interface Tally {
  runs: number;
  successes: number;
}

/** Operations that change an email only with the caller's current password. */
const EMAIL_CHANGES = new Set(['PUT /api/users/profile/me', 'PUT /api/users/{id}']);

/**
 * A valid request as a client that knows the rules sends it, where the
 * generator draws each property on its own: a form that confirms its
 * password repeats it, an email change carries the caller's current
 * password, and a role or status change names another account (nobody may
 * change their own).
 */
function asCarefulClient(operation: RestOperation, request: RestRequest): RestRequest {
  const body = request.body;
  if (!body || typeof body !== 'object' || body instanceof Multipart) return request;
  const form: Record<string, unknown> = { ...body };
  if (operation.key === 'POST /api/products/bulk') return { ...request, body: carefulBulk(form) };
  if ('confirmPassword' in form) form.confirmPassword = form.password ?? form.newPassword;
  if (EMAIL_CHANGES.has(operation.key) && form.email !== undefined && form.currentPassword === undefined) form.currentPassword = new Slot('password:caller');
  const id = request.pathParams.id;
  const ownId = id instanceof Slot && id.name === 'id:own';
  const pathParams = ownId && (form.role !== undefined || form.status !== undefined) ? { ...request.pathParams, id: new Slot('id:foreign', id.pick) } : request.pathParams;
  return { ...request, pathParams, body: form };
}

/**
 * A bulk request whose changes are its action's own, which the document (one
 * `changes` for every action) cannot say: none to delete, the fields to set
 * on an update, an amount on a stock change (its sign picking the reason).
 */
function carefulBulk(form: Record<string, unknown>): Record<string, unknown> {
  const { changes: drawn, ...request } = form;
  const changes = (drawn && typeof drawn === 'object' ? drawn : {}) as Record<string, unknown>;
  if (form.action === 'delete') return request;
  if (form.action === 'adjustStock') return { ...request, changes: { delta: typeof changes.delta === 'number' ? changes.delta : 1 } };
  const fields = Object.fromEntries(Object.entries(changes).filter(([key]) => key === 'category' || key === 'reorderLevel' || key === 'featured'));
  return { ...request, changes: Object.keys(fields).length ? fields : { featured: true } };
}

/** After a success, what the caller's record must learn: a new password or email, or that its session or account is gone. */
function keepUp(operation: RestOperation, caller: Account, request: RestRequest, role: Role) {
  const body = (request.body ?? {}) as Record<string, unknown>;
  const self = String(request.pathParams.id).toLowerCase() === caller.id;
  if (operation.key === 'POST /api/users/profile/password' && typeof body.newPassword === 'string') caller.password = body.newPassword;
  if ((operation.key === 'PUT /api/users/profile/me' || (operation.key === 'PUT /api/users/{id}' && self)) && typeof body.email === 'string') caller.email = body.email.trim().toLowerCase();
  if (operation.key === 'POST /api/auth/signout' || operation.key === 'POST /api/auth/reset-password' || (operation.key === 'DELETE /api/users/{id}' && self)) world.spendStandIn(role);
}

/**
 * One valid request changed in one place at a time; where the operation names
 * an account by id, once the caller's own and once another's, since the two
 * take different paths through the service (an admin changing someone else).
 */
function edgeExamples(operation: RestOperation, role: Role, seed: number): [RestRequest][] {
  // Valid hints give each edge request a fresh email; sign-in keeps the invalid ones, so the sign-in account never collects failures.
  const hints = hintsFor(operation, role, operation.key !== 'POST /api/auth/signin');
  const base = fc.sample(restRequests(operation, doc, true, hints), { seed, numRuns: 1 })[0];
  const bases = operation.path.startsWith('/api/users/{id}') ? [{ ...base, pathParams: { ...base.pathParams, id: new Slot('id:own') } }, { ...base, pathParams: { ...base.pathParams, id: new Slot('id:foreign') } }] : [base];
  const edges = bases.flatMap((request) => edgeRequests(operation, doc, request));
  if (operation.key === 'PUT /api/users/{id}') {
    // The caller asks for the other role on its own account, named by its id in upper case: refused, however the id is spelled.
    edges.push({ ...base, pathParams: { id: new Slot('id:ownUpper') }, body: { ...(base.body as object), role: role === 'admin' ? 'Member' : 'Admin', status: 'Active' } });
  }
  return edges.map((request) => [request]);
}

/** Runs FUZZ_RUNS generated requests against one operation as `role`, logging every broken rule. */
async function fuzzOperation(operation: RestOperation, role: Role, valid: boolean, log: FailureLog): Promise<Tally> {
  const property = `${role} ${valid ? 'valid' : 'invalid'} ${operation.key}`;
  const seed = seedFor(property);
  const tally: Tally = { runs: 0, successes: 0 };
  const disruptive = DISRUPTIVE.has(operation.key);
  const resource = operation.path.startsWith('/api/products') ? 'product' : 'user';
  const hints = hintsFor(operation, role, valid);
  // Invalid runs also try every property and query parameter at its edges (null, 2^31, NUL, too long), so no such case is left to chance.
  const examples = valid ? [] : edgeExamples(operation, role, seed);
  await fc.assert(
    fc.asyncProperty(restRequests(operation, doc, valid, hints), async (generated) => {
      tally.runs += 1;
      const caller = disruptive ? await world.standIn(role) : world.caller(role);
      const request = fillSlots(valid ? asCarefulClient(operation, generated) : generated, (s) => world.fill(s as Slot, caller, resource)) as RestRequest;
      const token = request.auth === 'caller' ? caller.token : request.auth === 'forged' ? FORGED_TOKENS[tally.runs % FORGED_TOKENS.length] : undefined;
      const path = urlOf(operation, request);
      const answer = await sendRest(app, operation.method, path, request.body, token);
      const problems = checker.check(operation, answer.status, answer.contentType, answer.body);
      const refused = checker.refusedBody(operation, request.body);
      if (disruptive) {
        const changed = await world.ownStandingChange(caller, operation.key === 'DELETE /api/users/{id}');
        if (changed) problems.push({ rule: 'no caller changes its own role or status', detail: changed });
      }
      if (refused && answer.status >= 200 && answer.status < 300) problems.push({ rule: 'a body the document refuses is not accepted', detail: `accepted although ${refused}` });
      for (const problem of problems) {
        log.add({
          property,
          seed,
          run: tally.runs,
          ...problem,
          request: describeRequest({ method: operation.method, path, body: request.body, auth: request.auth === 'caller' ? `as ${role} ${caller.email}` : `${request.auth} token` }),
          answer: describeAnswer(answer),
        });
      }
      // A stand-in whose hourly mail actions (email changes) are used up gets 429 for every later one: the next run takes a fresh account.
      if (disruptive && answer.status === 429) world.spendStandIn(role);
      if (answer.status >= 200 && answer.status < 300) {
        tally.successes += 1;
        keepUp(operation, caller, request, role);
        const body = answer.body as { product?: { id?: string } };
        if (operation.key === 'POST /api/products' && body?.product?.id) world.record(caller, 'product', { created: body.product.id });
        if (operation.key === 'DELETE /api/products/{id}') world.record(caller, 'product', { deleted: String(request.pathParams.id) });
        if (operation.key === 'POST /api/products/bulk' || operation.key === 'POST /api/products/purge' || operation.key === 'POST /api/products/restore') await world.syncProducts(caller);
      }
      return true;
    }),
    { seed, numRuns: FUZZ_RUNS + examples.length, examples, endOnFailure: true },
  );
  return tally;
}

describe.each<Role>(['member', 'admin'])('REST fuzzing as %s', (role) => {
  test(
    'valid requests to every documented operation get documented answers, and mostly succeed',
    async () => {
      const log = new FailureLog();
      const share = new SuccessShare();
      for (const operation of operations) {
        const tally = await fuzzOperation(operation, role, true, log);
        if (!CANNOT_SUCCEED[role].has(operation.key)) share.record(operation.key, tally);
      }
      if (log.count) throw new Error(log.summary() + share.summary());
      expect(share.rarelySucceeding).toEqual([]);
    },
    fuzzTimeout(40),
  );

  test(
    'invalid requests to every documented operation get documented answers, never a 5xx',
    async () => {
      const log = new FailureLog();
      for (const operation of operations) await fuzzOperation(operation, role, false, log);
      if (log.count) throw new Error(log.summary());
    },
    fuzzTimeout(40),
  );
});

test('the document lists operations of every area, so the fuzzing above reaches them', () => {
  const areas = new Set(operations.map((operation) => operation.path.split('/')[2]));
  expect([...areas].sort()).toEqual(['auth', 'dashboard', 'health', 'invitations', 'locations', 'products', 'stock-changes', 'stock-counts', 'transfers', 'users', 'workspaces']);
});

test('a method the document does not list for a path answers 405 with Allow naming the listed ones', async () => {
  const wrong: string[] = [];
  const product = fillSlots(new Slot('id:own'), (s) => world.fill(s as Slot, world.member, 'product')) as string;
  for (const [path, methods] of documentedMethods(doc)) {
    const url = path.replace('{id}', path.startsWith('/api/products') ? product : world.member.id).replace('{category}', 'Tools');
    for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'].filter((m) => !methods.includes(m))) {
      const answer = await sendRest(app, method, url, method === 'GET' ? undefined : {}, world.member.token);
      const allow = (answer.headers.get('allow') ?? '').split(',').map((m) => m.trim().toUpperCase()).filter(Boolean);
      const allowsListed = methods.every((m) => allow.includes(m));
      if (answer.status !== 405 || !allowsListed) wrong.push(`${method} ${path}: ${describeAnswer(answer)} Allow: ${answer.headers.get('allow') ?? '(none)'} (documented: ${methods.join(', ')})`);
    }
  }
  expect(wrong).toEqual([]);
});

test('the answer rules refuse what the document does not promise, so a green run means something', () => {
  const getProduct = operations.find((operation) => operation.key === 'GET /api/products/{id}')!;
  const product = { id: world.foreign.id, name: 'Lamp', description: 'A lamp for the desk', price: 1.5, costPrice: null, category: 'Home', quantity: 1, inStock: true, imageUrl: null, reorderLevel: null, lowStock: false, sku: null, barcode: null, featured: false, owner: world.foreign.id, createdAt: new Date().toISOString(), updatedAt: new Date().toISOString(), version: 1 };
  const json = 'application/json; charset=utf-8';
  const rules = (status: number, type: string | null, body: unknown) => checker.check(getProduct, status, type, body).map((problem) => problem.rule);
  expect(rules(200, json, { product })).toEqual([]);
  // Every field is promised: a product without one breaks a typed client.
  const { sku: _sku, ...withoutSku } = product;
  expect(rules(200, json, { product: withoutSku })).toEqual(['body matches the documented schema']);
  expect(rules(500, json, { message: 'Server error', code: 'INTERNAL_SERVER_ERROR' })).toEqual(['no 5xx', 'status listed for the operation']);
  expect(rules(418, json, {})).toEqual(['status listed for the operation']);
  expect(rules(200, 'text/html', '<p>')).toEqual(['documented content type']);
  expect(rules(200, json, { product: { ...product, passwordHash: 'x' } })).toEqual(['body matches the documented schema']);
  expect(rules(200, json, { product: { ...product, quantity: '1' } })).toEqual(['body matches the documented schema']);
  expect(rules(404, json, { message: 'Product not found', code: 'NOT_FOUND', stack: 'at x' })).toEqual(['body matches the documented schema']);
  expect(checker.refusedBody(operations.find((operation) => operation.key === 'POST /api/products')!, { name: 'Lamp', price: 1, quantity: null })).toMatch(/quantity/);
});
