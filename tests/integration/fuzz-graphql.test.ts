import fc from 'fast-check';
import { buildClientSchema, getIntrospectionQuery, getNamedType, getNullableType, isEnumType, isInputObjectType, type GraphQLInputType, type GraphQLSchema } from 'graphql';
import {
  NewStockCountFields,
  StockCountListFields,
  API_TOKEN_LIFETIMES,
  ApiTokenFields,
  BulkChangeFields,
  ChangePasswordFields,
  LocationFields,
  EVENT_TYPES,
  ForgotPasswordFields,
  NotificationSettingsFields,
  ProductFields,
  ProductListFields,
  ProfileFields,
  ResetPasswordFields,
  Rules,
  SignInFields,
  SignUpFields,
  StockCountFields,
  UserListFields,
  VerifyEmailFields,
  expiryOf,
  type FieldRule,
} from '@stockroom/schema';
import { ruleSchema } from '../../backend/src/rest/openapi-helpers';
import { FUZZ_RUNS, fuzzTimeout, seedFor } from '../support/fuzz/config';
import { checkGqlAnswer, type GqlAnswer } from '../support/fuzz/graphql-checks';
import { gqlEdgeRequests, gqlRequests, type GqlHints, type GqlRequest } from '../support/fuzz/graphql-arbitrary';
import { strongPassword, validEmail, validValue } from '../support/fuzz/json-schema-arbitrary';
import { FailureLog, show, SuccessShare } from '../support/fuzz/report';
import { fillSlots, Slot } from '../support/fuzz/slots';
import { FuzzWorld, type Account, type Resource, type Role } from '../support/fuzz/world';
import { startTestApp, type TestApp } from '../support/test-app';
import { webhookUrl } from '../support/fuzz/webhook-urls';

/**
 * Property-based fuzzing of the GraphQL API from its own schema (read by
 * introspection from the running app): every query and mutation, as a member
 * and as an admin, with variables generated valid (per the input types and the
 * shared field rules) and invalid (wrong types, nulls, 2^31, hostile text,
 * malformed and other users' ids, unknown and missing fields, documents
 * GraphQL must refuse). Every answer must be HTTP 200 or 400, carry no
 * INTERNAL_SERVER_ERROR, give each error a message and a documented code, and
 * shape `data` like the selection set.
 */

let app: TestApp;
let schema: GraphQLSchema;
let world: FuzzWorld;
let rootFields: string[];

/**
 * Mutations that may sign the caller out, change its password or email, or deactivate it, or change its whole
 * catalogue at once (a bulk delete may take every product): they run as a disposable stand-in.
 */
const DISRUPTIVE = new Set(['signOut', 'changePassword', 'deactivateUser', 'updateUser', 'updateProfile', 'resetPassword', 'bulkUpdateProducts', 'bulkDeleteProducts', 'bulkAdjustStock', 'purgeProduct', 'purgeProducts', 'emptyTrash']);
/** Fields whose `id` names a product; every other `id` names an account. */
const PRODUCT_FIELDS = new Set(['product', 'trashedProduct', 'updateProduct', 'deleteProduct', 'adjustStock', 'countStock', 'productStock', 'transferStock', 'bulkUpdateProducts', 'bulkDeleteProducts', 'bulkAdjustStock', 'restoreProduct', 'restoreProducts', 'purgeProduct', 'purgeProducts']);
/** Fields that change which of the caller's products are in the catalogue in ways the answer does not list. */
const TRASH_FIELDS = new Set(['restoreProducts', 'restoreTrashBatch', 'purgeProduct', 'purgeProducts']);

/** Operations on one of the caller's webhooks or deliveries, whose ids the generator never sees. */
const WEBHOOK_BY_ID = ['updateWebhook', 'deleteWebhook', 'webhookDeliveries', 'sendTestWebhook', 'redeliverWebhook'];

/**
 * Operations on one workspace or its members, whose ids the generator never sees (tests/integration/workspaces.test.ts
 * drives them; tests/integration/workspace-second-factor.test.ts the policy).
 */
const WORKSPACE_BY_ID = ['workspace', 'members', 'updateWorkspace', 'updateWorkspacePolicy', 'deleteWorkspace', 'updateMember', 'removeMember'];

/** Invitations: by a workspace's id, or by a mailed token the generator never sees (tests/integration/workspace-invitations.test.ts drives them). */
const INVITATIONS = ['invitations', 'inviteMember', 'revokeInvitation', 'resendInvitation', 'invitation', 'acceptInvitation'];

/** Operations on a location of the caller's, or between two, whose ids the generator never sees (tests/integration/locations.test.ts drives them). */
const LOCATION_BY_ID = ['location', 'updateLocation', 'deleteLocation', 'transferStock', 'transferStockBatch'];

/** Operations on one stock count, whose ids the generator never sees (tests/integration/stock-counts.test.ts drives them). */
const STOCK_COUNT_BY_ID = ['stockCount', 'stockCountReview', 'stockCountStock', 'addStockCountLine', 'submitStockCount', 'approveStockCount', 'cancelStockCount'];

/** Single sign-on's link: the fuzzed app has no OIDC_ settings, so reading or removing it is NOT_FOUND. */
const SINGLE_SIGN_ON = ['singleSignOnLink', 'unlinkSingleSignOn'];

/** A second factor's codes come from an authenticator the generator does not have, and it never knows the password it would step up with (tests/integration/two-factor.test.ts drives them). */
const SECOND_FACTOR = ['signInWithCode', 'confirmTotp', 'regenerateRecoveryCodes', 'disableTotp', 'stepUp'];
/**
 * A passkey's answers come from an authenticator the generator does not have, its ids and a right password's token from calls it
 * does not make, and its accounts have no passkey to step up with (tests/integration/passkeys.test.ts drives them).
 */
const PASSKEYS = ['passkeySignInOptions', 'signInWithPasskey', 'passkeyStepUpOptions', 'addPasskey', 'renamePasskey', 'removePasskey'];

/**
 * Valid operations that cannot succeed: the mailed token and the caller's API token ids are unknown to the generator,
 * the product ids it knows are of live products (trashedProduct finds one only in the trash), a trash batch is only ever
 * one a bulk delete answered (restoreTrashBatch), as an undo batch is one a bulk update answered (undoBulkUpdate), or the
 * operation is for admins.
 */
const CANNOT_SUCCEED: Record<Role, Set<string>> = {
  member: new Set(['resetPassword', 'verifyEmail', 'users', 'adminStats', 'revokeApiToken', 'trashedProduct', 'restoreTrashBatch', 'undoBulkUpdate', ...WEBHOOK_BY_ID, ...WORKSPACE_BY_ID, ...INVITATIONS, ...LOCATION_BY_ID, ...STOCK_COUNT_BY_ID, ...SINGLE_SIGN_ON, ...SECOND_FACTOR, ...PASSKEYS]),
  admin: new Set(['resetPassword', 'verifyEmail', 'revokeApiToken', 'trashedProduct', 'restoreTrashBatch', 'undoBulkUpdate', ...WEBHOOK_BY_ID, ...WORKSPACE_BY_ID, ...INVITATIONS, ...LOCATION_BY_ID, ...STOCK_COUNT_BY_ID, ...SINGLE_SIGN_ON, ...SECOND_FACTOR, ...PASSKEYS]),
};

/** The shared rules of each input type (and of root-field arguments), so valid values keep to the enforced bounds. */
const RULES: Record<string, Record<string, FieldRule>> = {
  CreateProductInput: ProductFields,
  UpdateProductInput: ProductFields,
  ProductListInput: ProductListFields,
  UserListInput: UserListFields,
  SignUpInput: SignUpFields,
  SignInInput: SignInFields,
  ForgotPasswordInput: ForgotPasswordFields,
  ResetPasswordInput: ResetPasswordFields,
  VerifyEmailInput: VerifyEmailFields,
  UpdateProfileInput: ProfileFields,
  UpdateUserInput: ProfileFields,
  ChangePasswordInput: ChangePasswordFields,
  adjustStock: { delta: Rules.stockDelta, note: Rules.movementNote },
  bulkAdjustStock: { delta: Rules.stockDelta, note: Rules.movementNote },
  BulkProductChangesInput: BulkChangeFields,
  countStock: StockCountFields,
  CreateApiTokenInput: ApiTokenFields,
  NotificationSettingsInput: NotificationSettingsFields,
  CreateLocationInput: LocationFields,
  CreateStockCountInput: NewStockCountFields,
  stockCounts: StockCountListFields,
  UpdateLocationInput: LocationFields,
};

const slot = (name: string) => fc.constant(new Slot(name));
const slotPick = (name: string) => fc.nat(20).map((pick) => new Slot(name, pick));

function hintsFor(role: Role, valid: boolean): GqlHints {
  return (name, where, type) => {
    const nullable = getNullableType(type) as GraphQLInputType;
    if (isInputObjectType(nullable) || isEnumType(getNamedType(nullable))) {
      // Left out, or CORRECTION: a reason that fits a change in either direction (a SALE of +3 is refused).
      if (name === 'reason' && (where === 'adjustStock' || where === 'bulkAdjustStock') && valid) return fc.constantFrom(undefined, 'CORRECTION');
      // A selection names some of the caller's products, or a filter of the list: never both.
      if (name === 'selection' && valid) return fc.oneof(fc.record({ ids: fc.array(slotPick('id:own'), { minLength: 1, maxLength: 3 }) }), fc.constant({ filter: { category: 'Tools' } }), fc.constant({ filter: {} }));
      // A token has one or both scopes.
      if (name === 'scopes' && valid) return fc.constantFrom(['read'], ['write'], ['read', 'write']);
      // An update sets at least one thing.
      if (name === 'changes' && where === 'bulkUpdateProducts' && valid) return fc.oneof(fc.record({ featured: fc.boolean() }), fc.record({ reorderLevel: fc.nat(100_000) }), fc.record({ category: fc.constantFrom('Tools', 'Garden') }));
      if ((name === 'role' || name === 'status') && valid) return role === 'admin' ? fc.oneof(fc.constant(undefined), fc.constant(undefined), fc.constantFrom(...getNamedType(nullable).toString() === 'UserRole' ? ['Member', 'Admin'] : ['Active', 'Inactive'])) : fc.constant(undefined);
      return undefined;
    }
    switch (name) {
      // A valid stock change, list or new location names no location (the default one, the top): the generator knows no location's id.
      case 'locationId':
      case 'parentId':
        return valid ? fc.constant(undefined) : undefined;
      case 'expiresAt':
        // Never, or a lifetime the profile offers (30 days to a year).
        return valid ? fc.constantFrom(...API_TOKEN_LIFETIMES).map((days) => expiryOf(days)) : undefined;
      case 'email':
        if (!valid) return fc.oneof(slotPick('email:known'), slot('email:fresh'), validEmail);
        if (where === 'SignInInput') return slot('email:signIn');
        if (where === 'SignUpInput' || where === 'UpdateProfileInput' || where === 'UpdateUserInput') return slot('email:fresh');
        // Mostly addresses no account has, so a per-recipient mail cap does not turn valid requests into errors.
        return fc.oneof({ weight: 1, arbitrary: slotPick('email:known') }, { weight: 3, arbitrary: validEmail });
      case 'password':
        if (where === 'SignInInput') return valid ? slot('password:signIn') : undefined;
        return strongPassword;
      case 'newPassword':
        return strongPassword;
      case 'currentPassword':
        return valid ? slot('password:caller') : fc.oneof(slot('password:caller'), strongPassword);
      case 'resetToken':
      case 'token':
        return fc.stringMatching(/^[A-Za-z0-9_-]{43}$/);
      case 'imageUrl':
        return fc.oneof(fc.constant(null), fc.nat(9999).map((n) => `https://images.example.com/${n}.jpg`));
      case 'version':
        return valid ? fc.constantFrom(undefined, undefined, undefined, 1) : undefined;
      case 'delta':
        return valid ? fc.integer({ min: -2, max: 25 }).filter((delta) => delta !== 0) : undefined;
      case 'timeZone':
        // A zone Intl knows: the document can only say it is text.
        return valid ? fc.constantFrom('UTC', 'Europe/Paris', 'Asia/Kolkata', 'America/New_York') : undefined;
      case 'url':
        return webhookUrl(valid);
      case 'events':
        // One or more of the event names: the schema can only say they are text.
        return valid ? fc.subarray([...EVENT_TYPES], { minLength: 1 }) : undefined;
      case 'idempotencyKey':
        // Left out, or a key no other request used: a repeat of a key with another request is refused by design.
        return valid ? fc.option(fc.uuid(), { nil: undefined }) : undefined;
      case 'ids':
        // A restore or purge by id names some of the caller's products.
        return valid ? fc.array(slotPick('id:own'), { minLength: 1, maxLength: 3 }) : undefined;
    }
    const rule = RULES[where]?.[name];
    return rule && valid ? validValue(ruleSchema(rule), {}) : undefined;
  };
}

beforeAll(async () => {
  // Webhook URLs on 127.0.0.1 (a closed port): nothing is resolved or sent beyond this machine.
  app = await startTestApp({ WEBHOOK_ALLOW_PRIVATE: 'true' });
  const introspection = await app.gql(getIntrospectionQuery());
  if (!introspection.data) throw new Error(`introspection failed: ${JSON.stringify(introspection.errors)}`);
  schema = buildClientSchema(introspection.data);
  rootFields = [...Object.keys(schema.getQueryType()?.getFields() ?? {}), ...Object.keys(schema.getMutationType()?.getFields() ?? {})];
  world = await FuzzWorld.create(app);
}, 60_000);

afterAll(async () => {
  await app?.close();
});

async function sendGql(request: GqlRequest, token: string | undefined): Promise<GqlAnswer> {
  const answer = await app.rest('POST', '/graphql', { query: request.query, variables: request.variables }, token ? { token } : {});
  return { status: answer.status, body: answer.body };
}

/** Mutations that change an email only with the caller's current password. */
const EMAIL_CHANGES = new Set(['updateProfile', 'updateUser']);

/**
 * A valid operation as a client that knows the rules sends it, where the
 * generator draws each field on its own: a form that confirms its password
 * repeats it, an email change carries the caller's current password, and a
 * role or status change names another account (nobody may change their own).
 */
function asCarefulClient(request: GqlRequest): GqlRequest {
  const input = request.variables.input;
  if (!input || typeof input !== 'object') return request;
  const form: Record<string, unknown> = { ...input };
  if ('confirmPassword' in form) form.confirmPassword = form.password ?? form.newPassword;
  if (EMAIL_CHANGES.has(request.field) && form.email !== undefined && form.currentPassword === undefined) form.currentPassword = new Slot('password:caller');
  const id = request.variables.id;
  const ownId = id instanceof Slot && id.name === 'id:own';
  const changesAccess = ownId && !PRODUCT_FIELDS.has(request.field) && (form.role !== undefined || form.status !== undefined);
  return { ...request, variables: { ...request.variables, input: form, ...(changesAccess && { id: new Slot('id:foreign', id.pick) }) } };
}

/** After a success, what the caller's record must learn: a new password or email, or that its session or account is gone. */
function keepUp(field: string, caller: Account, variables: Record<string, any>, role: Role) {
  const self = String(variables.id).toLowerCase() === caller.id;
  if (field === 'changePassword' && typeof variables.input?.newPassword === 'string') caller.password = variables.input.newPassword;
  if ((field === 'updateProfile' || (field === 'updateUser' && self)) && typeof variables.input?.email === 'string') caller.email = variables.input.email.trim().toLowerCase();
  if (field === 'signOut' || field === 'resetPassword' || (field === 'deactivateUser' && self)) world.spendStandIn(role);
}

interface Tally {
  runs: number;
  successes: number;
}

/**
 * One valid operation changed in one place at a time; where the field names an
 * account by id, once the caller's own and once another's, since the two take
 * different paths through the service (an admin changing someone else).
 */
function edgeExamples(field: string, role: Role, seed: number): [GqlRequest, number][] {
  // Valid hints give each edge request a fresh email; sign-in keeps the invalid ones, so the sign-in account never collects failures.
  const hints = hintsFor(role, field === 'signIn' ? false : true);
  const base = fc.sample(gqlRequests(schema, field, true, hints), { seed, numRuns: 1 })[0];
  const bases =
    'id' in base.variables && !PRODUCT_FIELDS.has(field)
      ? [{ ...base, variables: { ...base.variables, id: new Slot('id:own') } }, { ...base, variables: { ...base.variables, id: new Slot('id:foreign') } }]
      : [base];
  const edges = bases.flatMap((request) => gqlEdgeRequests(schema, request));
  if (field === 'updateUser') edges.push(selfChangeProbe(base, role));
  return edges.map((request): [GqlRequest, number] => [request, 5]);
}

/** The caller asks for the other role on its own account, named by its id in upper case: refused, however the id is spelled. */
function selfChangeProbe(base: GqlRequest, role: Role): GqlRequest {
  const input = { ...(base.variables.input as object), role: role === 'admin' ? 'Member' : 'Admin', status: 'Active' };
  return { ...base, variables: { ...base.variables, id: new Slot('id:ownUpper'), input } };
}

async function fuzzField(field: string, role: Role, valid: boolean, log: FailureLog): Promise<Tally> {
  const property = `${role} ${valid ? 'valid' : 'invalid'} ${field}`;
  const seed = seedFor(`graphql ${property}`);
  const tally: Tally = { runs: 0, successes: 0 };
  const disruptive = DISRUPTIVE.has(field);
  const resource: Resource = PRODUCT_FIELDS.has(field) ? 'product' : 'user';
  const forged = valid ? [] : ['eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ4In0.c2ln', 'null'];
  const hints = hintsFor(role, valid);
  // Invalid runs also try every argument and input field at its edges (null, 2^31, NUL, too long), so no such case is left to chance.
  const examples = valid ? [] : edgeExamples(field, role, seed);
  await fc.assert(
    fc.asyncProperty(gqlRequests(schema, field, valid, hints), fc.nat(9), async (generated, authDie) => {
      tally.runs += 1;
      const caller = disruptive ? await world.standIn(role) : world.caller(role);
      const request = fillSlots(valid ? asCarefulClient(generated) : generated, (s) => world.fill(s as Slot, caller, resource)) as GqlRequest;
      // One invalid request in ten has no token or a forged one.
      const auth = !valid && authDie === 0 ? 'none' : !valid && authDie === 1 ? 'forged' : 'caller';
      const token = auth === 'caller' ? caller.token : auth === 'forged' ? forged[tally.runs % forged.length] : undefined;
      const answer = await sendGql(request, token);
      const problems = checkGqlAnswer(schema, request.query, answer);
      if (disruptive) {
        const changed = await world.ownStandingChange(caller, field === 'deactivateUser');
        if (changed) problems.push({ rule: 'no caller changes its own role or status', detail: changed });
      }
      for (const problem of problems) {
        log.add({
          property: `GraphQL ${property}`,
          seed,
          run: tally.runs,
          ...problem,
          request: `POST /graphql (${auth === 'caller' ? `as ${role} ${caller.email}` : `${auth} token`}) ${show(request.query)} variables ${show(request.variables)}`,
          answer: `${answer.status} ${show(answer.body)}`,
        });
      }
      // A stand-in whose hourly mail actions (email changes) are used up is refused every later one: the next run takes a fresh account.
      if (disruptive && answer.body?.errors?.some((error: { extensions?: { code?: string } }) => error.extensions?.code === 'TOO_MANY_REQUESTS')) world.spendStandIn(role);
      if (answer.status === 200 && !answer.body?.errors?.length) {
        tally.successes += 1;
        keepUp(field, caller, request.variables, role);
        if (field === 'createProduct' && answer.body.data?.createProduct?.id) world.record(caller, 'product', { created: answer.body.data.createProduct.id });
        if (field === 'deleteProduct') world.record(caller, 'product', { deleted: String(request.variables.id) });
        if (field.startsWith('bulk') || TRASH_FIELDS.has(field)) await world.syncProducts(caller);
      }
      return true;
    }),
    { seed, numRuns: FUZZ_RUNS + examples.length, examples, endOnFailure: true },
  );
  return tally;
}

describe.each<Role>(['member', 'admin'])('GraphQL fuzzing as %s', (role) => {
  test(
    'valid operations on every query and mutation get well-formed answers, and mostly succeed',
    async () => {
      const log = new FailureLog();
      const share = new SuccessShare();
      for (const field of rootFields) {
        const tally = await fuzzField(field, role, true, log);
        if (!CANNOT_SUCCEED[role].has(field)) share.record(field, tally);
      }
      if (log.count) throw new Error(log.summary() + share.summary());
      expect(share.rarelySucceeding).toEqual([]);
    },
    fuzzTimeout(35),
  );

  test(
    'invalid operations on every query and mutation get 200 or 400 with documented error codes, never an internal error',
    async () => {
      const log = new FailureLog();
      for (const field of rootFields) await fuzzField(field, role, false, log);
      if (log.count) throw new Error(log.summary());
    },
    fuzzTimeout(35),
  );
});

test('the schema has queries and mutations of every area, so the fuzzing above reaches them', () => {
  expect(rootFields).toEqual(expect.arrayContaining(['me', 'products', 'product', 'users', 'dashboard', 'signUp', 'signIn', 'createProduct', 'updateProduct', 'updateUser', 'adjustStock']));
});

test('the answer rules refuse what the contract does not promise, so a green run means something', () => {
  const query = 'query Fuzz($id: ID!) { product(id: $id) { id name price quantity featured } }';
  const rules = (status: number, body: unknown) => checkGqlAnswer(schema, query, { status, body }).map((problem) => problem.rule);
  const product = { id: 'x', name: 'Lamp', price: 1.5, quantity: 2, featured: false };
  expect(rules(200, { data: { product } })).toEqual([]);
  expect(rules(200, { errors: [{ message: 'Product not found', extensions: { code: 'NOT_FOUND' } }], data: null })).toEqual([]);
  expect(rules(500, { errors: [{ message: 'x', extensions: { code: 'INTERNAL_SERVER_ERROR' } }] })).toEqual(['HTTP 200 or 400', 'no INTERNAL_SERVER_ERROR']);
  expect(rules(200, { errors: [{ message: 'x', extensions: { code: 'OOPS' } }], data: null })).toEqual(['error code from the documented set']);
  expect(rules(200, { errors: [{ message: '', extensions: { code: 'NOT_FOUND' } }], data: null })).toEqual(['every error has a message']);
  expect(rules(200, { data: { product: { ...product, name: null } } })).toEqual(['data matches the selection set']);
  expect(rules(200, { data: { product: { ...product, quantity: 2 ** 31 } } })).toEqual(['data matches the selection set']);
  expect(rules(200, { data: { product: { ...product, secret: 1 } } })).toEqual(['data matches the selection set']);
  expect(rules(200, { data: null })).toEqual(['no data only with errors']);
});
