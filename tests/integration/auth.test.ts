import { GeneralMessages, ValidationMessages } from '@stockroom/schema';
import { expectGqlError, expectGqlTypeError, expectRestError } from '../support/answers';
import { GOOD_PASSWORD, ME, SIGN_IN, SIGN_UP, signUpUser, startTestApp, uniqueEmail, type TestApp } from '../support/test-app';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('sign up', () => {
  it('creates an account over REST (201) and returns a token, expiry and the user', async () => {
    const email = uniqueEmail();
    const answer = await app.rest('POST', '/api/auth/signup', { firstName: 'Ada', lastName: 'Lovelace', email, password: GOOD_PASSWORD });
    expect(answer.status).toBe(201);
    expect(answer.body.accessToken).toEqual(expect.any(String));
    expect(new Date(answer.body.expiresAt).getTime() - Date.now()).toBeGreaterThan(7.9 * 3600_000);
    expect(answer.body.user).toMatchObject({ email, firstName: 'Ada', lastName: 'Lovelace', fullName: 'Ada Lovelace', role: 'Member', status: 'Active', emailVerified: false });
    expect(answer.body.user).not.toHaveProperty('passwordHash');
  });

  it('creates an account over GraphQL with the same user shape', async () => {
    const email = uniqueEmail();
    const { data, errors } = await app.gql(SIGN_UP, { input: { firstName: 'Ada', lastName: 'Lovelace', email, password: GOOD_PASSWORD } });
    expect(errors).toBeUndefined();
    expect(data.signUp.user).toMatchObject({ email, fullName: 'Ada Lovelace', role: 'Member', status: 'Active', avatar: null });
  });

  it('stores the email lower-cased and refuses a second account for it in any case, on both transports', async () => {
    const { email } = await signUpUser(app);
    const shouted = email.toUpperCase();
    const rest = await app.rest('POST', '/api/auth/signup', { firstName: 'A', lastName: 'B', email: shouted, password: GOOD_PASSWORD });
    expect(rest.status).toBe(409);
    // The message also names its field, so a form puts it on the email field without matching the text.
    expect(rest.body).toEqual({ message: 'An account with this email already exists', code: 'CONFLICT', fields: { email: 'An account with this email already exists' } });
    const gql = await app.gql(SIGN_UP, { input: { firstName: 'A', lastName: 'B', email: shouted, password: GOOD_PASSWORD } });
    expect(gql.errors?.[0]).toMatchObject({ message: 'An account with this email already exists', extensions: { code: 'CONFLICT' } });
    expect(gql.errors?.[0].extensions?.fields).toEqual({ email: 'An account with this email already exists' });
  });

  it('refuses an address whose lower-cased form is over 254 characters with the length message, not a server error', async () => {
    // 252 characters as typed; each 'İ' lower-cases to 'i' and a combining dot, so it would be stored as 492.
    const email = '\u0130'.repeat(240) + '@example.com';
    const rest = await app.rest('POST', '/api/auth/signup', { firstName: 'A', lastName: 'B', email, password: GOOD_PASSWORD });
    expect(rest.status).toBe(400);
    expect(rest.body.fields).toEqual({ email: 'Email cannot exceed 254 characters' });
    const gql = await app.gql(SIGN_UP, { input: { firstName: 'A', lastName: 'B', email, password: GOOD_PASSWORD } });
    expect(gql.errors?.[0]).toMatchObject({ extensions: { code: 'BAD_USER_INPUT', fields: { email: 'Email cannot exceed 254 characters' } } });
    expect(await app.sql('SELECT id FROM users WHERE email LIKE $1', ['i%@example.com'])).toHaveLength(0);
  });

  it('lets exactly one of two simultaneous sign-ups for one email through', async () => {
    const email = uniqueEmail();
    const input = { firstName: 'A', lastName: 'B', email, password: GOOD_PASSWORD };
    const answers = await Promise.all([app.rest('POST', '/api/auth/signup', input), app.rest('POST', '/api/auth/signup', input)]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(await app.sql('SELECT id FROM users WHERE email = $1', [email])).toHaveLength(1);
  });
});

describe('sign up as the original client sends it: the whole form, confirmPassword included', () => {
  const form = (overrides: Record<string, unknown> = {}) => ({ firstName: 'Ada', lastName: 'Lovelace', email: uniqueEmail('form'), password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD, ...overrides });
  const accounts = async (email: unknown) => app.sql('SELECT id FROM users WHERE email = lower($1)', [email]);

  it('accepts a matching confirmPassword over REST and GraphQL, and stores only the account', async () => {
    const rest = await app.rest('POST', '/api/auth/signup', form());
    expect(rest.status).toBe(201);
    expect(rest.body.user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace' });
    const input = form();
    const gql = await app.gql(SIGN_UP, { input });
    expect(gql.errors).toBeUndefined();
    expect(gql.data.signUp.user.email).toBe(input.email);
    // The confirmation is checked, never kept: signing in needs the password alone.
    expect((await app.rest('POST', '/api/auth/signin', { email: input.email, password: GOOD_PASSWORD })).status).toBe(200);
  });

  it('treats a GraphQL confirmPassword of null as not sent', async () => {
    const gql = await app.gql(SIGN_UP, { input: form({ confirmPassword: null }) });
    expect(gql.errors).toBeUndefined();
  });

  it.each([
    ['a different password', `${GOOD_PASSWORD}x`],
    ['the password in another case', GOOD_PASSWORD.toUpperCase()],
    ['the password with a trailing space', `${GOOD_PASSWORD} `],
    ['an empty string', ''],
  ])('refuses %s with Passwords do not match on confirmPassword, creating nothing, on both transports', async (_case, confirmPassword) => {
    const fields = { confirmPassword: ValidationMessages.passwordsDoNotMatch };
    const restInput = form({ confirmPassword });
    expectRestError(await app.rest('POST', '/api/auth/signup', restInput), 400, 'BAD_USER_INPUT', ValidationMessages.passwordsDoNotMatch, fields);
    const gqlInput = form({ confirmPassword });
    expectGqlError(await app.gql(SIGN_UP, { input: gqlInput }), 'BAD_USER_INPUT', ValidationMessages.passwordsDoNotMatch, fields);
    expect(await accounts(restInput.email)).toHaveLength(0);
    expect(await accounts(gqlInput.email)).toHaveLength(0);
  });

  it('refuses a confirmPassword that is not text over REST', async () => {
    const input = form({ confirmPassword: 12345678 });
    const fields = { confirmPassword: ValidationMessages.passwordsDoNotMatch };
    expectRestError(await app.rest('POST', '/api/auth/signup', input), 400, 'BAD_USER_INPUT', ValidationMessages.passwordsDoNotMatch, fields);
    expect(await accounts(input.email)).toHaveLength(0);
  });

  it('reports a mismatch beside the other fields failing their rules', async () => {
    const answer = await app.rest('POST', '/api/auth/signup', form({ firstName: '', confirmPassword: 'Other1!pass' }));
    expect(answer.status).toBe(400);
    expect(answer.body.fields).toEqual({ firstName: 'First name is required', confirmPassword: ValidationMessages.passwordsDoNotMatch });
  });

  it('still refuses any other unknown field beside it, on both transports', async () => {
    const input = form({ role: 'Admin' });
    expectRestError(await app.rest('POST', '/api/auth/signup', input), 400, 'BAD_USER_INPUT', `${GeneralMessages.unknownField}: role`, { role: GeneralMessages.unknownField });
    expectGqlTypeError(await app.gql(SIGN_UP, { input: form({ passwordConfirmation: GOOD_PASSWORD }) }), /Field "passwordConfirmation" is not defined by type "SignUpInput"/);
    expect(await accounts(input.email)).toHaveLength(0);
  });

  it('does not take confirmPassword on sign-in', async () => {
    const { email } = await signUpUser(app);
    const answer = await app.rest('POST', '/api/auth/signin', { email, password: GOOD_PASSWORD, confirmPassword: GOOD_PASSWORD });
    expectRestError(answer, 400, 'BAD_USER_INPUT', `${GeneralMessages.unknownField}: confirmPassword`, { confirmPassword: GeneralMessages.unknownField });
  });
});

describe('sign in', () => {
  it('answers the same over REST and GraphQL, and the token opens /api/users/profile/me and me', async () => {
    const { email } = await signUpUser(app);
    const rest = await app.rest('POST', '/api/auth/signin', { email: email.toUpperCase(), password: GOOD_PASSWORD });
    expect(rest.status).toBe(200);
    const gql = await app.gql(SIGN_IN, { input: { email, password: GOOD_PASSWORD } });
    expect(gql.data.signIn.user.id).toBe(rest.body.user.id);

    const profile = await app.rest('GET', '/api/users/profile/me', undefined, { token: rest.body.accessToken });
    expect(profile.status).toBe(200);
    expect(profile.body.user.email).toBe(email);
    const me = await app.gql(ME, {}, { token: gql.data.signIn.accessToken });
    expect(me.data.me).toMatchObject({ id: rest.body.user.id, email, role: 'Member' });
  });

  it('gives the same status and message for an unknown email and a wrong password', async () => {
    const { email } = await signUpUser(app);
    const wrongPassword = await app.rest('POST', '/api/auth/signin', { email, password: 'Wrong!Passw0rd' }, { ip: '10.0.0.1' });
    const unknownEmail = await app.rest('POST', '/api/auth/signin', { email: uniqueEmail('nobody'), password: 'Wrong!Passw0rd' }, { ip: '10.0.0.1' });
    expect(wrongPassword.status).toBe(401);
    expect(unknownEmail.status).toBe(401);
    expect(wrongPassword.body).toEqual({ message: 'Invalid email or password', code: 'UNAUTHENTICATED' });
    expect(unknownEmail.body).toEqual(wrongPassword.body);

    const gqlWrong = await app.gql(SIGN_IN, { input: { email, password: 'Wrong!Passw0rd' } }, { ip: '10.0.0.2' });
    const gqlUnknown = await app.gql(SIGN_IN, { input: { email: uniqueEmail('nobody'), password: 'x' } }, { ip: '10.0.0.2' });
    expect(gqlWrong.errors?.[0]).toMatchObject({ message: 'Invalid email or password', extensions: { code: 'UNAUTHENTICATED' } });
    expect(gqlUnknown.errors?.[0].message).toBe(gqlWrong.errors?.[0].message);
  });

  it('refuses an inactive account with the support message', async () => {
    const { email } = await signUpUser(app);
    await app.sql(`UPDATE users SET status = 'Inactive' WHERE email = $1`, [email]);
    const rest = await app.rest('POST', '/api/auth/signin', { email, password: GOOD_PASSWORD });
    expect(rest.status).toBe(403);
    expect(rest.body).toEqual({ message: 'Account is inactive. Please contact support', code: 'ACCOUNT_INACTIVE' });
    const gql = await app.gql(SIGN_IN, { input: { email, password: GOOD_PASSWORD } });
    expect(gql.errors?.[0]).toMatchObject({ message: 'Account is inactive. Please contact support', extensions: { code: 'ACCOUNT_INACTIVE' } });
  });
});
