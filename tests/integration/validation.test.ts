import { CREATE_PRODUCT, createProduct, expectGqlError, expectRestError, productInput, UPDATE_PRODUCT } from '../support/products';
import { GOOD_PASSWORD, ME, SIGN_IN, SIGN_UP, signUpUser, startTestApp, uniqueEmail, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const WEAK = 'Password does not meet security requirements';
/** The weak-password message naming what the password misses. */
const weak = (missing: string) => `${WEAK}: it needs ${missing}`;
const BAD_EMAIL = 'Please provide a valid email address';

type SignUpInput = { firstName: unknown; lastName: unknown; email: unknown; password: unknown };
const valid = (overrides: Partial<SignUpInput> = {}): SignUpInput => ({ firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('valid'), password: GOOD_PASSWORD, ...overrides });

/**
 * Sends the same sign-up over REST and GraphQL and checks both refuse it with
 * 400 / BAD_USER_INPUT, the same message and the same `fields`; returns them.
 */
async function refusedOnBoth(input: SignUpInput): Promise<{ message: string; fields: Record<string, string> }> {
  const rest = await app.rest('POST', '/api/auth/signup', input);
  expect(rest.status).toBe(400);
  expect(rest.body).toEqual({ message: expect.any(String), code: 'BAD_USER_INPUT', fields: expect.any(Object) });
  expect(Object.values(rest.body.fields)).toContain(rest.body.message);

  const gql = await app.gql(SIGN_UP, { input });
  expect(gql.data?.signUp ?? null).toBeNull();
  expect(gql.errors).toHaveLength(1);
  expect(gql.errors?.[0]).toEqual(expect.objectContaining({ message: rest.body.message, extensions: { code: 'BAD_USER_INPUT', fields: rest.body.fields } }));

  if (typeof input.email === 'string' && input.email.includes('@')) {
    expect(await app.sql('SELECT id FROM users WHERE email = lower(trim($1))', [input.email])).toHaveLength(0);
  }
  return { message: rest.body.message, fields: rest.body.fields };
}

/** Signs up over REST and GraphQL with two addresses, checking both accept it. */
async function acceptedOnBoth(input: Omit<SignUpInput, 'email'>) {
  const rest = await app.rest('POST', '/api/auth/signup', { ...input, email: uniqueEmail('ok') });
  expect(rest.status).toBe(201);
  const gql = await app.gql(SIGN_UP, { input: { ...input, email: uniqueEmail('ok') } });
  expect(gql.errors).toBeUndefined();
  return { rest: rest.body, gql: gql.data.signUp };
}

describe('sign-up field rules with the message templates, same on REST and GraphQL', () => {
  it.each([
    ['first name missing', { firstName: '' }, { firstName: 'First name is required' }],
    ['first name blank', { firstName: '   ' }, { firstName: 'First name is required' }],
    ['first name too long', { firstName: 'x'.repeat(51) }, { firstName: 'First name cannot exceed 50 characters' }],
    ['last name missing', { lastName: '' }, { lastName: 'Last name is required' }],
    ['last name blank', { lastName: '\t \n' }, { lastName: 'Last name is required' }],
    ['last name too long', { lastName: 'y'.repeat(51) }, { lastName: 'Last name cannot exceed 50 characters' }],
    ['email missing', { email: '' }, { email: 'Email is required' }],
    ['email without @', { email: 'ada.example.com' }, { email: BAD_EMAIL }],
    ['email without domain dot', { email: 'ada@example' }, { email: BAD_EMAIL }],
    ['email with a space', { email: 'ada lovelace@example.com' }, { email: BAD_EMAIL }],
    ['email with two @', { email: 'ada@@example.com' }, { email: BAD_EMAIL }],
    ['email of 255 characters', { email: `${'a'.repeat(243)}@example.com` }, { email: 'Email cannot exceed 254 characters' }],
    ['password missing', { password: '' }, { password: 'Password is required' }],
    ['password of 7 characters', { password: 'Aa1!aaa' }, { password: weak('at least 8 characters') }],
    ['password without upper case', { password: 'str0ng!passw0rd' }, { password: weak('an upper-case letter') }],
    ['password without lower case', { password: 'STR0NG!PASSW0RD' }, { password: weak('a lower-case letter') }],
    ['password without a digit', { password: 'Strong!Password' }, { password: weak('a number') }],
    ['password without a special character', { password: 'Str0ngPassw0rd' }, { password: weak('a special character') }],
    ['password of 129 characters', { password: 'Aa1!' + 'a'.repeat(125) }, { password: 'Password cannot exceed 128 characters' }],
  ])('refuses %s', async (_name, overrides, fields) => {
    const answer = await refusedOnBoth(valid(overrides));
    expect(answer.fields).toEqual(fields);
    expect(answer.message).toBe(Object.values(fields)[0]);
  });

  it('reports every failing field at once, the first one as the message', async () => {
    const answer = await refusedOnBoth({ firstName: '', lastName: '', email: 'nope', password: 'weak' });
    expect(answer.fields).toEqual({ firstName: 'First name is required', lastName: 'Last name is required', email: BAD_EMAIL, password: weak('at least 8 characters, an upper-case letter, a number and a special character') });
    expect(answer.message).toBe('First name is required');
  });

  it.each([
    ['a password of exactly 8 characters', { password: 'Aa1!aaaa' }],
    ['a password of exactly 128 characters', { password: 'Aa1!' + 'a'.repeat(124) }],
    ['names of exactly 50 characters', { firstName: 'f'.repeat(50), lastName: 'l'.repeat(50) }],
    ['a password whose special character is a space', { password: 'Str0ng Passw0rd' }],
  ])('accepts %s', async (_name, overrides) => {
    await acceptedOnBoth({ firstName: 'Ada', lastName: 'Lovelace', password: GOOD_PASSWORD, ...overrides });
  });

  it('accepts an email of exactly 254 characters', async () => {
    const email = `${'a'.repeat(242 - 8)}${Date.now() % 1e8}`.padEnd(242, 'a') + '@example.com';
    expect(email).toHaveLength(254);
    const rest = await app.rest('POST', '/api/auth/signup', { ...valid(), email });
    expect(rest.status).toBe(201);
    expect(rest.body.user.email).toBe(email);
  });

  it('trims names and email, and stores the email lower-cased', async () => {
    const email = uniqueEmail('Trim');
    const rest = await app.rest('POST', '/api/auth/signup', { firstName: '  Ada ', lastName: ' Lovelace  ', email: `  ${email.toUpperCase()}  `, password: GOOD_PASSWORD });
    expect(rest.status).toBe(201);
    expect(rest.body.user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', fullName: 'Ada Lovelace', email: email.toLowerCase() });
  });
});

describe('sign-in input', () => {
  it('requires email and password with the templates, the same on both transports', async () => {
    const rest = await app.rest('POST', '/api/auth/signin', { email: '', password: '' });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ message: 'Email is required', code: 'BAD_USER_INPUT', fields: { email: 'Email is required', password: 'Password is required' } });
    const gql = await app.gql(SIGN_IN, { input: { email: '', password: '' } });
    expect(gql.errors?.[0]).toMatchObject({ message: rest.body.message, extensions: { code: 'BAD_USER_INPUT', fields: rest.body.fields } });
  });

  it('does not reveal the password policy to a guesser: a weak password is just invalid credentials', async () => {
    const email = uniqueEmail();
    await app.rest('POST', '/api/auth/signup', { ...valid(), email });
    const rest = await app.rest('POST', '/api/auth/signin', { email, password: 'weak' }, { ip: '10.40.0.1' });
    expect(rest.status).toBe(401);
    expect(rest.body).toEqual({ message: 'Invalid email or password', code: 'UNAUTHENTICATED' });
  });

  it('refuses an over-long password before hashing it', async () => {
    const rest = await app.rest('POST', '/api/auth/signin', { email: uniqueEmail(), password: 'A1!a'.repeat(5000) });
    expect(rest.status).toBe(400);
    expect(rest.body).toEqual({ message: 'Password cannot exceed 128 characters', code: 'BAD_USER_INPUT', fields: { password: 'Password cannot exceed 128 characters' } });
  });
});

describe('wrong JSON types over REST get 400 with a message, never 500', () => {
  it.each([
    ['a number as first name', { firstName: 42 }, 'firstName', 'First name format is invalid'],
    ['an array as last name', { lastName: ['Love', 'lace'] }, 'lastName', 'Last name format is invalid'],
    ['an object as email', { email: { $ne: null } }, 'email', 'Email format is invalid'],
    ['a boolean as password', { password: true }, 'password', 'Password format is invalid'],
    ['null as email', { email: null }, 'email', 'Email is required'],
    ['null as password', { password: null }, 'password', 'Password is required'],
    ['a nested object as password', { password: { toString: 'Str0ng!Passw0rd' } }, 'password', 'Password format is invalid'],
  ])('sign-up with %s', async (_name, overrides, field, message) => {
    const answer = await app.rest('POST', '/api/auth/signup', valid(overrides as Partial<SignUpInput>));
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'BAD_USER_INPUT', message, fields: { [field]: message } });
  });

  it.each([
    ['/api/auth/signin', { email: ['a@b.co'], password: 1 }],
    ['/api/auth/signin', { email: { $gt: '' }, password: { $gt: '' } }],
    ['/api/auth/forgot-password', { email: 123 }],
    ['/api/auth/forgot-password', { email: null }],
    ['/api/auth/reset-password', { email: 'a@b.co', resetToken: 12345, newPassword: GOOD_PASSWORD }],
    ['/api/auth/reset-password', { email: 'a@b.co', resetToken: ['x'], newPassword: ['y'] }],
    ['/api/users/verify-email', { email: 'a@b.co', token: 42 }],
    ['/api/users/verify-email', { email: false, token: null }],
  ])('%s with %j', async (path, body) => {
    const answer = await app.rest('POST', path, body, { ip: '10.40.1.1' });
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ message: expect.any(String), code: 'BAD_USER_INPUT', fields: expect.any(Object) });
    expect(answer.body.message.length).toBeGreaterThan(0);
  });

  it.each([
    ['an array', '[{"email":"a@b.co","password":"x"}]'],
    ['a string', '"hello"'],
    ['a number', '42'],
    ['null', 'null'],
    ['an empty body', ''],
  ])('a JSON body that is %s', async (_name, raw) => {
    const answer = await app.rest('POST', '/api/auth/signin', raw === '' ? undefined : raw, raw === '' ? {} : { headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ message: expect.any(String), code: 'BAD_USER_INPUT' });
  });
});

describe('unknown REST fields', () => {
  it('refuses an unknown field (no mass assignment of role or status) with 400 and "Unknown field" in fields', async () => {
    const email = uniqueEmail();
    const answer = await app.rest('POST', '/api/auth/signup', { ...valid(), email, role: 'Admin', emailVerified: true });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('BAD_USER_INPUT');
    expect(answer.body.message).toMatch(/^Unknown field/);
    expect(answer.body.fields).toEqual({ role: 'Unknown field', emailVerified: 'Unknown field' });
    expect(await app.sql('SELECT id FROM users WHERE email = $1', [email])).toHaveLength(0);
  });

  it('refuses a misspelt field on sign-in', async () => {
    const answer = await app.rest('POST', '/api/auth/signin', { email: 'a@b.co', pasword: 'x' });
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toMatchObject({ pasword: 'Unknown field' });
  });

  it('GraphQL refuses the same unknown input field with a message naming it, not a server error', async () => {
    const email = uniqueEmail();
    const answer = await app.rest('POST', '/graphql', { query: SIGN_UP, variables: { input: { ...valid(), email, role: 'Admin' } } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0].message).toContain('role');
    expect(answer.body.errors?.[0].extensions.code).not.toBe('INTERNAL_SERVER_ERROR');
    expect(await app.sql('SELECT id FROM users WHERE email = $1', [email])).toHaveLength(0);
  });

  it('GraphQL refuses a wrong variable type with a message, not a server error', async () => {
    const answer = await app.rest('POST', '/graphql', { query: SIGN_IN, variables: { input: { email: 42, password: ['x'] } } });
    expect(answer.status).toBe(400);
    expect(answer.body.errors?.[0].message).toMatch(/String cannot represent/);
    expect(answer.body.errors?.[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});

describe('names are text, whatever they contain', () => {
  async function roundTrip(firstName: string, lastName: string) {
    const { rest, gql } = await acceptedOnBoth({ firstName, lastName, password: GOOD_PASSWORD });
    for (const answer of [rest, gql]) {
      expect(answer.user).toMatchObject({ firstName, lastName, fullName: `${firstName} ${lastName}` });
    }
    const profile = await app.rest('GET', '/api/users/profile/me', undefined, { token: rest.accessToken });
    expect(profile.body.user).toMatchObject({ firstName, lastName });
    const me = await app.gql(ME, {}, { token: gql.accessToken });
    expect(me.data.me).toMatchObject({ firstName, lastName });
    const [row] = await app.sql('SELECT first_name, last_name FROM users WHERE id = $1', [rest.user.id]);
    expect(row).toEqual({ first_name: firstName, last_name: lastName });
  }

  it.each([
    ['accents', 'Zoë', 'Brontë-Müller'],
    ['CJK', '李', '小龙'],
    ['emoji', '😀 Smile', '👩🏽‍💻'],
    ['right-to-left', 'مريم', 'שָׁלוֹם'],
    ['SQL fragments', "' OR 1=1 --", "Robert'); DROP TABLE users;--"],
    ['HTML', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>'],
    ['quotes and backslashes', `O'Brien "Jr" \\`, '${7*7} {{7*7}}'],
  ])('stores and returns %s verbatim', async (_name, firstName, lastName) => {
    await roundTrip(firstName, lastName);
  });

  it('leaves the users table intact after SQL-looking input', async () => {
    const [{ count }] = await app.sql('SELECT count(*)::int AS count FROM users');
    expect(count).toBeGreaterThan(0);
  });

  it('accepts an email containing SQL-looking characters and signs in with it', async () => {
    const email = `o'brien--${Date.now()}@example.com`;
    const up = await app.rest('POST', '/api/auth/signup', { ...valid(), email });
    expect(up.status).toBe(201);
    const signIn = await app.rest('POST', '/api/auth/signin', { email, password: GOOD_PASSWORD });
    expect(signIn.status).toBe(200);
    const injected = await app.rest('POST', '/api/auth/signin', { email: "'OR'1'='1'--@x.io", password: GOOD_PASSWORD }, { ip: '10.40.2.1' });
    expect(injected.status).toBe(401);
    expect(injected.body).toEqual({ message: 'Invalid email or password', code: 'UNAUTHENTICATED' });
    const spaced = await app.rest('POST', '/api/auth/signin', { email: "' OR 1=1 --@x.io", password: GOOD_PASSWORD }, { ip: '10.40.2.1' });
    expect(spaced.status).toBe(400);
    expect(spaced.body.fields).toEqual({ email: BAD_EMAIL });
  });

  it('counts characters, not UTF-16 code units: 50 emoji make a valid 50-character name', async () => {
    await acceptedOnBoth({ firstName: '😀'.repeat(50), lastName: 'Emoji', password: GOOD_PASSWORD });
  });
});

describe('huge values', () => {
  it('answers a 1 MB field with 413 on REST and GraphQL, never 500', async () => {
    const huge = 'x'.repeat(1024 * 1024);
    const rest = await app.rest('POST', '/api/auth/signup', valid({ firstName: huge }));
    expect(rest.status).toBe(413);
    expect(rest.body).toEqual({ message: 'Request body is too large', code: 'PAYLOAD_TOO_LARGE' });
    const gql = await app.rest('POST', '/graphql', { query: SIGN_UP, variables: { input: valid({ firstName: huge }) } });
    expect(gql.status).toBe(413);
    expect(gql.body).toEqual(rest.body);
  });

  it('answers a long value that fits the body limit with the max-length message', async () => {
    const long = 'x'.repeat(60_000);
    const answer = await refusedOnBoth(valid({ lastName: long }));
    expect(answer.fields).toEqual({ lastName: 'Last name cannot exceed 50 characters' });
    const password = await refusedOnBoth(valid({ password: 'Aa1!' + long }));
    expect(password.fields).toEqual({ password: 'Password cannot exceed 128 characters' });
  });
});

describe('prices as JavaScript clients compute them: binary-float noise is the cent it stands for', () => {
  let token: string;
  beforeAll(async () => {
    ({ token } = await signUpUser(app));
  });
  const storedPrice = async (id: string) => (await app.sql<{ price: string }>('SELECT price::text AS price FROM products WHERE id = $1', [id]))[0].price;

  it.each([
    // 0.1 + 2.01 in binary floating point.
    [2.1100000000000003, 2.11, '2.11'],
    [0.1 + 0.2, 0.3, '0.30'],
    [19.990000000000002, 19.99, '19.99'],
    [0.010000000000000002, 0.01, '0.01'],
    [999999.9899999999, 999999.99, '999999.99'],
  ])('creates and updates with %p: stored and answered as %p, on REST and GraphQL', async (sent, answered, stored) => {
    const rest = await app.rest('POST', '/api/products', productInput({ price: sent }), { token });
    expect(rest.status).toBe(201);
    expect(rest.body.product.price).toBe(answered);
    expect(await storedPrice(rest.body.product.id)).toBe(stored);

    const gql = await app.gql(CREATE_PRODUCT, { input: productInput({ price: sent }) }, { token });
    expect(gql.errors).toBeUndefined();
    expect(gql.data.createProduct.price).toBe(answered);
    expect(await storedPrice(gql.data.createProduct.id)).toBe(stored);

    const [viaRest, viaGql] = [await createProduct(app, token, { price: 5 }), await createProduct(app, token, { price: 5 })];
    const put = await app.rest('PUT', `/api/products/${viaRest.id}`, { price: sent }, { token });
    expect(put.status).toBe(200);
    expect(put.body.product.price).toBe(answered);
    expect(await storedPrice(viaRest.id)).toBe(stored);
    const updated = await app.gql(UPDATE_PRODUCT, { id: viaGql.id, input: { price: sent } }, { token });
    expect(updated.errors).toBeUndefined();
    expect(updated.data.updateProduct.price).toBe(answered);
    expect(await storedPrice(viaGql.id)).toBe(stored);
  });

  it.each([
    [2.115, 'Price cannot have more than 2 decimal places'],
    [2.11001, 'Price cannot have more than 2 decimal places'],
    [0.005, 'Price cannot have more than 2 decimal places'],
    [0.001, 'Price cannot have more than 2 decimal places'],
    [1e-7, 'Price must be at least 0.01'],
    // The limits hold for the number as sent, as the document's minimum and maximum state them.
    [0.009999999999, 'Price must be at least 0.01'],
    [999999.9900000001, 'Price cannot exceed 999999.99'],
    [1_000_000.0000001, 'Price cannot exceed 999999.99'],
  ])('still refuses %p with %p on create and update, on REST and GraphQL; nothing changes', async (sent, message) => {
    const fields = { price: message };
    const before = await app.sql('SELECT count(*)::int AS n FROM products');
    expectRestError(await app.rest('POST', '/api/products', productInput({ price: sent }), { token }), 400, 'BAD_USER_INPUT', message, fields);
    expectGqlError(await app.gql(CREATE_PRODUCT, { input: productInput({ price: sent }) }, { token }), 'BAD_USER_INPUT', message, fields);
    expect(await app.sql('SELECT count(*)::int AS n FROM products')).toEqual(before);

    const product = await createProduct(app, token, { price: 7.5 });
    expectRestError(await app.rest('PUT', `/api/products/${product.id}`, { price: sent }, { token }), 400, 'BAD_USER_INPUT', message, fields);
    expectGqlError(await app.gql(UPDATE_PRODUCT, { id: product.id, input: { price: sent } }, { token }), 'BAD_USER_INPUT', message, fields);
    expect(await storedPrice(product.id)).toBe('7.50');
  });
});
