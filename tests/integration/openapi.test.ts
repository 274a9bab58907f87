import { AuthMessages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, Rules, TextPatterns, textRulePattern } from '@stockroom/schema';
import Ajv2020 from 'ajv/dist/2020';
import type { Router } from 'express';
import { apiTokenRoutes } from '../../backend/src/api-tokens/api-token.routes';
import { authRoutes } from '../../backend/src/auth/auth.routes';
import { mfaRoutes } from '../../backend/src/auth/mfa/mfa.routes';
import { passkeysRoutes } from '../../backend/src/auth/passkeys/passkeys.routes';
import { oidcRoutes } from '../../backend/src/auth/oidc/oidc.routes';
import { HTTP_STATUS } from '../../backend/src/common/errors';
import { dashboardRoutes } from '../../backend/src/dashboard/dashboard.routes';
import { workspaceRoutes } from '../../backend/src/workspaces/workspace.routes';
import { invitationRoutes, workspaceInvitationRoutes } from '../../backend/src/workspaces/invitation.routes';
import { healthRoutes, probeRoutes } from '../../backend/src/health/health.routes';
import { notificationSettingsRoutes } from '../../backend/src/notifications/notification-settings.routes';
import { webhookRoutes } from '../../backend/src/webhooks/webhook.routes';
import { productRoutes } from '../../backend/src/products/catalogue/product.routes';
import { productBulkRoutes } from '../../backend/src/products/bulk/product-bulk.routes';
import { productImportRoutes } from '../../backend/src/products/import-export/product-import.routes';
import { productTrashRoutes } from '../../backend/src/products/trash/product-trash.routes';
import { avatarRoutes, productImageRoutes } from '../../backend/src/uploads/upload.routes';
import { userRoutes } from '../../backend/src/users/user.routes';
import { locationRoutes } from '../../backend/src/locations/location.routes';
import { transferRoutes } from '../../backend/src/stock/transfers/transfer.routes';
import { stockCountRoutes } from '../../backend/src/stock-counts/stock-count.routes';
import { stockChangeRoutes } from '../../backend/src/stock-changes/stock-change.routes';
import { createProduct } from '../support/products';
import { ageSessions, signUpAdmin, signUpUser, startTestApp, uniqueEmail, type TestApp } from '../support/test-app';

/*
 * The REST document at /api/openapi.json against the server: the routes it
 * lists are the routes there are (the 405 handler reads a path's methods from
 * it), it states the shared rules' constraints, and a JSON Schema validator
 * reading it accepts and refuses what the server accepts and refuses.
 */

type Operation = { operationId?: string; security?: unknown[]; requestBody?: { $ref?: string; content?: Record<string, { schema: object }> }; responses: Record<string, unknown> };
type Doc = { paths: Record<string, Record<string, Operation>>; components: { schemas: Record<string, any>; requestBodies: Record<string, { content: Record<string, { schema: object }> }> } };

let app: TestApp;
let doc: Doc;
beforeAll(async () => {
  app = await startTestApp();
  const answer = await app.rest('GET', '/api/openapi.json');
  expect(answer.status).toBe(200);
  doc = answer.body;
});
afterAll(() => app.close());

const operations = () => Object.entries(doc.paths).flatMap(([path, item]) => Object.entries(item).map(([method, operation]) => ({ path, method, operation })));

/** The JSON body schema of an operation, following a `#/components/requestBodies/...` reference. */
function bodySchema(path: string, method: string): object {
  const body = doc.paths[path][method].requestBody!;
  const resolved = body.$ref ? doc.components.requestBodies[body.$ref.split('/').pop()!] : body;
  return resolved.content!['application/json'].schema;
}

/**
 * A validator reading the document as published: JSON Schema 2020-12 (OpenAPI
 * 3.1's dialect), patterns with the u flag, and `multipleOf` with the
 * tolerance the price rule states (1e-6 of a price is 1e-4 of a cent).
 */
const ajv = new Ajv2020({ strict: false, allErrors: true, multipleOfPrecision: 4 });

describe('the document and the router', () => {
  const notCalled = () => {
    throw new Error('not called');
  };
  /** Every route Express registers, as `METHOD /api/path` with `:id` written `{id}`; the mount points are app.ts's. */
  const routesOf = (prefix: string, router: Router) =>
    (router as unknown as { stack: Array<{ route?: { path: string; methods: Record<string, boolean> } }> }).stack.flatMap((layer) =>
      layer.route
        ? Object.keys(layer.route.methods)
            .filter((method) => method !== '_all')
            .map((method) => `${method.toUpperCase()} ${prefix}${layer.route!.path === '/' ? '' : layer.route!.path.replace(/:(\w+)/g, '{$1}')}`)
        : [],
    );

  it('documents every route of every API router, and nothing else, so the 405 handler knows every method there is', () => {
    const routes = [
      ...routesOf('/api/auth', authRoutes(notCalled)),
      ...routesOf('/api/auth', oidcRoutes(notCalled)),
      ...routesOf('/api/users/health', healthRoutes(notCalled as never)),
      ...routesOf('/api/health', probeRoutes(notCalled as never, notCalled as never, notCalled as never, notCalled as never, notCalled as never)),
      ...routesOf('/api/users', mfaRoutes(notCalled)),
      ...routesOf('/api/users', passkeysRoutes(notCalled)),
      ...routesOf('/api/users', apiTokenRoutes(notCalled)),
      ...routesOf('/api/users', webhookRoutes(notCalled)),
      ...routesOf('/api/users', notificationSettingsRoutes(notCalled)),
      ...routesOf('/api/users', avatarRoutes(notCalled)),
      ...routesOf('/api/users', userRoutes(notCalled)),
      ...routesOf('/api/products', productImageRoutes(notCalled)),
      ...routesOf('/api/products', productBulkRoutes(notCalled)),
      ...routesOf('/api/products', productImportRoutes(notCalled)),
      ...routesOf('/api/products', productTrashRoutes(notCalled)),
      ...routesOf('/api/products', productRoutes(notCalled)),
      ...routesOf('/api/dashboard', dashboardRoutes(notCalled)),
      ...routesOf('/api/locations', locationRoutes(notCalled, notCalled as never)),
      ...routesOf('/api/transfers', transferRoutes(notCalled)),
      ...routesOf('/api/stock-counts', stockCountRoutes(notCalled)),
      ...routesOf('/api/stock-changes', stockChangeRoutes(notCalled)),
      ...routesOf('/api/workspaces', workspaceInvitationRoutes(notCalled)),
      ...routesOf('/api/workspaces', workspaceRoutes(notCalled)),
      ...routesOf('/api/invitations', invitationRoutes(notCalled)),
    ].sort();
    const documented = operations()
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`)
      .sort();
    expect(documented).toEqual(routes);
  });

  it('names every operation with a unique operationId, the method a generated client calls', () => {
    const ids = operations().map(({ operation }) => operation.operationId);
    expect(ids.every((id) => typeof id === 'string' && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    expect(doc.paths['/api/auth/signup'].post.operationId).toBe('signUp');
    expect(doc.paths['/api/products'].get.operationId).toBe('listProducts');
    expect(doc.paths['/api/products/{id}'].get.operationId).toBe('getProduct');
  });

  it('declares security on every operation: [] exactly on the public ones', () => {
    const open = operations()
      .filter(({ operation }) => Array.isArray(operation.security) && operation.security.length === 0)
      .map(({ path, method }) => `${method.toUpperCase()} ${path}`)
      .sort();
    expect(open).toEqual(
      [
        'POST /api/auth/signup',
        'POST /api/auth/signin',
        'POST /api/auth/signin/mfa',
        'POST /api/auth/passkey/options',
        'POST /api/auth/passkey/signin',
        'POST /api/auth/forgot-password',
        'POST /api/auth/reset-password',
        'GET /api/auth/options',
        'GET /api/auth/oidc/start',
        'GET /api/auth/oidc/callback',
        'POST /api/auth/oidc/session',
        'POST /api/users/verify-email',
        'GET /api/users/{id}/profile',
        'GET /api/users/health/status',
        'GET /api/health/live',
        'GET /api/health/ready',
        'GET /api/invitations/{token}',
      ].sort(),
    );
    for (const { operation } of operations()) expect(operation.security).toBeDefined();
  });

  it('lists the body parser’s 400, 413 and 415 on every operation, and every error code the server sends', async () => {
    for (const { path, method, operation } of operations()) {
      expect({ path, method, statuses: Object.keys(operation.responses) }).toEqual({ path, method, statuses: expect.arrayContaining(['400', '413', '415']) });
    }
    expect(doc.components.schemas.Error.properties.code.enum).toEqual(expect.arrayContaining([...Object.keys(HTTP_STATUS), 'METHOD_NOT_ALLOWED']));
    // Even an operation that takes no body answers them, since the parser reads whatever JSON is sent.
    const send = (body: string, contentType = 'application/json') =>
      fetch(`${app.url}/api/auth/signout`, { method: 'POST', headers: { 'content-type': contentType }, body }).then((r) => r.status);
    expect(await send('{"a":')).toBe(400);
    expect(await send(JSON.stringify({ a: 'x'.repeat(200_000) }))).toBe(413);
    expect(await send('{}', 'application/json; charset=latin-9')).toBe(415);
  });
});

describe('the constraints of the shared rules are in the document', () => {
  it('closes every JSON request body the server refuses unknown fields for', () => {
    for (const { path, method, operation } of operations()) {
      if (!operation.requestBody) continue;
      const body = operation.requestBody.$ref ? doc.components.requestBodies[operation.requestBody.$ref.split('/').pop()!] : operation.requestBody;
      if (!body.content!['application/json']) continue;
      expect({ path, method, additionalProperties: (bodySchema(path, method) as any).additionalProperties }).toEqual({ path, method, additionalProperties: false });
    }
  });

  it('states the sign-up rules: names not blank and without NUL, the email pattern, the password policy, an optional confirmPassword', () => {
    const schema = bodySchema('/api/auth/signup', 'post') as any;
    expect(schema.required).toEqual(['firstName', 'lastName', 'email', 'password']);
    expect(schema.properties.firstName).toMatchObject({ type: 'string', minLength: 1, maxLength: 50, pattern: textRulePattern(Rules.firstName) });
    expect(schema.properties.email).toMatchObject({ type: 'string', maxLength: 254, pattern: textRulePattern(Rules.email) });
    expect(schema.properties.password).toMatchObject({ type: 'string', minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH, pattern: textRulePattern(Rules.password) });
    // The server takes a null confirmPassword as not sent (as GraphQL's nullable field does), so the document allows it.
    expect(schema.properties.confirmPassword).toMatchObject({ type: ['string', 'null'] });
    const nonBlank = new RegExp(schema.properties.firstName.pattern, 'u');
    expect([nonBlank.test('Ada'), nonBlank.test('   '), nonBlank.test('A\u0000da')]).toEqual([true, false, false]);
  });

  it('states the sign-in, reset, verification and change-password bodies from the same rules', () => {
    expect((bodySchema('/api/auth/signin', 'post') as any).properties.password.pattern).toBe(textRulePattern(Rules.currentPassword));
    expect((bodySchema('/api/auth/reset-password', 'post') as any).properties.newPassword.pattern).toBe(textRulePattern(Rules.password));
    expect((bodySchema('/api/users/verify-email', 'post') as any).properties.token).toMatchObject({ maxLength: Rules.linkToken.max, pattern: textRulePattern(Rules.linkToken) });
    expect((bodySchema('/api/users/profile/password', 'post') as any).properties.newPassword.pattern).toBe(textRulePattern(Rules.newPassword));
  });

  it('states the product rules: the image URL pattern, the price step, version 1..2147483647', () => {
    const create = bodySchema('/api/products', 'post') as any;
    expect(create.properties.imageUrl).toMatchObject({ type: ['string', 'null'], maxLength: 500, pattern: textRulePattern(Rules.imageUrl) });
    expect(create.properties.imageUrl.pattern).toContain(TextPatterns.uploadPath.slice(1, -1));
    expect(create.properties.price).toMatchObject({ type: 'number', minimum: 0.01, maximum: 999999.99, multipleOf: 0.01 });
    expect(create.properties.name).toMatchObject({ minLength: 2, maxLength: 100, pattern: textRulePattern(Rules.productName) });
    const update = bodySchema('/api/products/{id}', 'put') as any;
    expect(update.required ?? []).toEqual([]);
    expect(update.properties.version).toMatchObject({ type: 'integer', minimum: 1, maximum: 2147483647 });
    expect(doc.components.schemas.Product.properties.version).toMatchObject({ type: 'integer', minimum: 1, maximum: 2147483647 });
  });
});

describe('the answers are the documented ones', () => {
  it('documents every statistic the admin statistics carry, each of its type', async () => {
    const admin = await signUpAdmin(app);
    await createProduct(app, admin.token, { price: 2.5, quantity: 4 });
    const answer = await app.rest('GET', '/api/users/admin/stats', undefined, { token: admin.token });
    expect(answer.status).toBe(200);
    const documented = doc.components.schemas.AdminStats;
    expect(Object.keys(answer.body.stats).sort()).toEqual(Object.keys(documented.properties).sort());
    const validate = ajv.compile({ ...documented, additionalProperties: false });
    expect(validate(answer.body.stats) ? [] : validate.errors).toEqual([]);
    expect(documented.properties.inventoryValue).toMatchObject({ type: 'number' });
  });
});

/**
 * Values on either side of each constraint, sent to the server: a body the
 * document's schema accepts is not refused as invalid (no 400), and one it
 * refuses gets a 400.
 */
describe('a validator reading the document agrees with the server', () => {
  /** Each case: a name, the body sent, and the server's status (or whether it took the body's shape). */
  const expectAgreement = (schema: object, cases: Array<[string, unknown, number | boolean]>) => {
    const validate = ajv.compile(schema);
    const answers = cases.map(([name, body, answer]) => ({ name, documentAccepts: validate(body), serverAccepts: typeof answer === 'boolean' ? answer : answer !== 400 }));
    expect(answers.filter((a) => a.documentAccepts !== a.serverAccepts)).toEqual([]);
  };

  it('on sign-up', async () => {
    const base = () => ({ firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('doc'), password: 'Str0ng!Passw0rd' });
    const local = () => uniqueEmail('doc').split('@')[0];
    const bodies: Array<[string, Record<string, unknown>]> = [
      ['valid', base()],
      ['name of one character', { ...base(), firstName: 'A' }],
      ['name of 50 characters', { ...base(), firstName: 'x'.repeat(50) }],
      ['name of 51 characters', { ...base(), firstName: 'x'.repeat(51) }],
      ['empty name', { ...base(), firstName: '' }],
      ['blank name', { ...base(), firstName: ' \t ' }],
      ['name with NUL', { ...base(), lastName: 'Love\u0000lace' }],
      ['name in emoji', { ...base(), firstName: '😀'.repeat(50) }],
      ['email padded with spaces', { ...base(), email: `  ${local()}@example.com ` }],
      ['email without a dot after @', { ...base(), email: `${local()}@example` }],
      ['email with a space', { ...base(), email: `${local()} x@example.com` }],
      ['email with two @', { ...base(), email: `${local()}@@example.com` }],
      ['email with NUL', { ...base(), email: `${local()}\u0000@example.com` }],
      ['email of 254 characters', { ...base(), email: `${local()}${'a'.repeat(254 - local().length - 12)}@example.com` }],
      ['password of 8', { ...base(), password: 'Aa1!aaaa' }],
      ['password of 7', { ...base(), password: 'Aa1!aaa' }],
      ['password without upper case', { ...base(), password: 'aa1!aaaa' }],
      ['password without a digit', { ...base(), password: 'Aaa!aaaa' }],
      ['password without a special character', { ...base(), password: 'Aa1aaaaa' }],
      ['password of 128', { ...base(), password: `Aa1!${'a'.repeat(124)}` }],
      ['password of 129', { ...base(), password: `Aa1!${'a'.repeat(125)}` }],
      ['password with NUL', { ...base(), password: 'Aa1!aaaa\u0000' }],
      ['matching confirmPassword', { ...base(), confirmPassword: 'Str0ng!Passw0rd' }],
      ['confirmPassword of null', { ...base(), confirmPassword: null }],
      ['confirmPassword as a number', { ...base(), confirmPassword: 12345678 }],
      ['unknown field', { ...base(), role: 'Admin' }],
      ['missing email', { firstName: 'Ada', lastName: 'Lovelace', password: 'Str0ng!Passw0rd' }],
      ['name as a number', { ...base(), firstName: 42 }],
    ];
    const cases: Array<[string, unknown, number]> = [];
    for (const [name, body] of bodies) cases.push([name, body, (await app.rest('POST', '/api/auth/signup', body)).status]);
    expect(cases.find(([name]) => name === 'valid')?.[2]).toBe(201);
    expectAgreement(bodySchema('/api/auth/signup', 'post'), cases);
  });

  it('on product create and update', async () => {
    const { token } = await signUpUser(app);
    const uuid = '5b0c9e62-5f0e-4f55-9a57-8d7b1f0e6a11';
    const values: Array<[string, Record<string, unknown>]> = [
      ['minimal', {}],
      ['price with float noise', { price: 2.1100000000000003 }],
      ['price of three decimals', { price: 2.115 }],
      ['price just off a cent', { price: 2.11001 }],
      ['price at the minimum by noise', { price: 0.010000000000000002 }],
      ['price under the minimum by noise', { price: 0.009999999999 }],
      ['price of zero', { price: 0 }],
      ['price at the maximum', { price: 999999.99 }],
      ['price past the maximum', { price: 1_000_000 }],
      ['price as text', { price: 'cheap' }],
      ['price as numeric text', { price: '1' }],
      ['quantity as numeric text', { quantity: '1' }],
      ['quantity at the limit', { quantity: 100000 }],
      ['quantity past the limit', { quantity: 100001 }],
      ['negative quantity', { quantity: -1 }],
      ['fractional quantity', { quantity: 1.5 }],
      ['name of two', { name: 'ab' }],
      ['name of one', { name: 'a' }],
      ['blank name', { name: '   ' }],
      ['name with NUL', { name: 'Lamp\u0000' }],
      ['description of 1000', { description: 'd'.repeat(1000) }],
      ['description of 1001', { description: 'd'.repeat(1001) }],
      ['https image', { imageUrl: 'https://images.example.org/lamp.png' }],
      ['upper-case scheme', { imageUrl: 'HTTP://images.example.org/lamp.png' }],
      ['uploaded image', { imageUrl: `/uploads/${uuid}.webp` }],
      ['padded uploaded image', { imageUrl: ` /uploads/${uuid}.jpg ` }],
      ['upload of another type', { imageUrl: `/uploads/${uuid}.gif` }],
      ['upload of a made-up name', { imageUrl: '/uploads/evil.png' }],
      ['javascript URL', { imageUrl: 'javascript:alert(1)' }],
      ['data URL', { imageUrl: 'data:image/png;base64,AAAA' }],
      ['ftp URL', { imageUrl: 'ftp://files.example.org/lamp.png' }],
      ['scheme-relative URL', { imageUrl: '//images.example.org/lamp.png' }],
      ['no image (empty)', { imageUrl: '' }],
      ['no image (null)', { imageUrl: null }],
      ['image URL with NUL', { imageUrl: 'https://images.example.org/\u0000.png' }],
      ['featured', { featured: true }],
      ['featured as text', { featured: 'yes' }],
      ['owner', { owner: uuid }],
    ];
    const product = (overrides: Record<string, unknown>) => ({ name: 'Desk lamp', price: 24.5, ...overrides });
    const creates: Array<[string, unknown, number]> = [];
    const updates: Array<[string, unknown, number]> = [];
    const target = await createProduct(app, token);
    for (const [name, overrides] of values) {
      creates.push([name, product(overrides), (await app.rest('POST', '/api/products', product(overrides), { token })).status]);
      updates.push([name, overrides, (await app.rest('PUT', `/api/products/${target.id}`, overrides, { token })).status]);
    }
    for (const [name, version] of [
      ['version 0', 0],
      ['negative version', -1],
      ['fractional version', 1.5],
      ['version as text', 'one'],
      ['version as numeric text', '1'],
      ['a version', 1],
    ] as Array<[string, unknown]>) {
      updates.push([name, { version }, (await app.rest('PUT', `/api/products/${target.id}`, { version }, { token })).status]);
    }
    expect(creates.find(([name]) => name === 'price with float noise')?.[2]).toBe(201);
    expectAgreement(bodySchema('/api/products', 'post'), creates);
    expectAgreement(bodySchema('/api/products/{id}', 'put'), updates);
  });

  it('on verify-email and change-password', async () => {
    const account = await signUpUser(app);
    const verify: Array<[string, unknown, boolean]> = [];
    for (const [name, body] of [
      ['well-formed (an unknown token)', { email: account.email, token: 'x'.repeat(43) }],
      ['blank token', { email: account.email, token: '  ' }],
      ['token of 201', { email: account.email, token: 'x'.repeat(201) }],
      ['token with NUL', { email: account.email, token: 'abc\u0000' }],
      ['bad email', { email: 'nobody', token: 'x'.repeat(43) }],
      ['unknown field', { email: account.email, token: 'x'.repeat(43), extra: 1 }],
    ] as Array<[string, unknown]>) {
      const answer = await app.rest('POST', '/api/users/verify-email', body);
      // No token here was ever sent, so a well-formed body is refused for its token only: the link message.
      verify.push([name, body, answer.status !== 400 || answer.body.message === AuthMessages.verifyLinkInvalid]);
    }
    expect(verify[0][2]).toBe(true);
    expectAgreement(bodySchema('/api/users/verify-email', 'post'), verify);

    const change: Array<[string, unknown, number]> = [];
    // Past step-up's 10 minutes: a body without the current password is well-formed, and refused with 403, not 400.
    await ageSessions(app, account.user.id);
    for (const [name, body] of [
      ['weak new password', { currentPassword: account.password, newPassword: 'weakweak' }],
      ['blank current password', { currentPassword: ' ', newPassword: 'N3w!Passw0rd' }],
      ['no current password', { newPassword: 'N3w!Passw0rd' }],
      ['unknown field', { currentPassword: account.password, newPassword: 'N3w!Passw0rd', confirmPassword: 'N3w!Passw0rd' }],
      ['valid', { currentPassword: account.password, newPassword: 'N3w!Passw0rd' }],
    ] as Array<[string, unknown]>) {
      change.push([name, body, (await app.rest('POST', '/api/users/profile/password', body, { token: account.token })).status]);
    }
    expect(change.at(-1)?.[2]).toBe(200);
    expectAgreement(bodySchema('/api/users/profile/password', 'post'), change);
  });
});
