import fc from 'fast-check';
import {
  getNamedType,
  getNullableType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { hostileNumber, hostileString, hostileValue, malformedId } from './hostile';
import { invalidId, validId } from './openapi-operations';
import { Slot } from './slots';

/**
 * GraphQL input types -> fast-check arbitraries, and root fields -> whole
 * operations: a document selecting every field of the answer (to a bounded
 * depth) and its variables, generated valid (per the input types, with hints
 * for what the types cannot say) or invalid (wrong types, nulls, 2^31, hostile
 * text, malformed and foreign ids, unknown and missing input fields, and
 * literals GraphQL's validation must refuse).
 */

/** A generator for a named input field or argument (`where` is the input type's or the root field's name). */
export type GqlHints = (name: string, where: string, type: GraphQLInputType) => fc.Arbitrary<unknown> | undefined;

export interface GqlRequest {
  field: string;
  query: string;
  variables: Record<string, unknown>;
}

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;

function validScalar(type: GraphQLNamedType): fc.Arbitrary<unknown> {
  switch (type.name) {
    case 'Int':
      return fc.integer({ min: 0, max: 1000 });
    case 'Float':
      return fc.integer({ min: 1, max: 100_000 }).map((cents) => cents / 100);
    case 'Boolean':
      return fc.boolean();
    case 'ID':
      return validId;
    case 'String':
      return fc.stringMatching(/^[A-Za-z][A-Za-z ]{1,20}[a-z]$/);
    case 'DateTimeISO':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString());
  }
  if (isEnumType(type)) return fc.constantFrom(...type.getValues().map((value) => value.name));
  throw new Error(`no generator for input type ${type.name}`);
}

/** Values GraphQL's input coercion accepts for `type`; optional fields are mostly left out. */
export function validInput(type: GraphQLInputType, hints: GqlHints, name: string, where: string): fc.Arbitrary<unknown> {
  const hinted = hints(name, where, type);
  if (hinted) return hinted;
  const nullable = getNullableType(type) as GraphQLInputType;
  if (isListType(nullable)) return fc.array(validInput(nullable.ofType, hints, name, where), { maxLength: 3 });
  if (isInputObjectType(nullable)) {
    const fields = Object.values(nullable.getFields());
    const model: Record<string, fc.Arbitrary<unknown>> = {};
    for (const field of fields) model[field.name] = validInput(field.type, hints, field.name, nullable.name);
    return fc.record(model, { requiredKeys: fields.filter((field) => isNonNullType(field.type)).map((field) => field.name) });
  }
  return validScalar(nullable as GraphQLNamedType);
}

/** Values of the wrong shape for a scalar or enum, some hostile but well-typed. */
function invalidLeaf(type: GraphQLNamedType): fc.Arbitrary<unknown> {
  const wrongType = fc.oneof(hostileValue, fc.constantFrom({}, [], [1], true));
  switch (type.name) {
    case 'Int':
      return fc.oneof(fc.constantFrom(INT_MAX + 1, INT_MIN - 1, 1e21, 9007199254740992, 1.5, '1', -1, 0, INT_MAX, INT_MIN), hostileNumber, wrongType);
    case 'Float':
      return fc.oneof(fc.constantFrom(1e308, -1, 0, 0.001, 2.115, 1e-7, '1.5', 2147483648), hostileNumber, wrongType);
    case 'Boolean':
      return fc.oneof(fc.constantFrom('true', 1, 0, 'yes'), wrongType);
    case 'ID':
      return fc.oneof(invalidId, malformedId, fc.constantFrom(123, 1.5, true), wrongType);
    case 'String':
      return fc.oneof(hostileString, hostileString, fc.constantFrom(123, true, 1.5), wrongType);
  }
  if (isEnumType(type)) return fc.oneof(fc.constantFrom(...type.getValues().flatMap((value) => [value.name.toLowerCase(), `${value.name} `, value.name.toUpperCase() + 'X'])), wrongType);
  return wrongType;
}

/** Values `type` refuses, or accepts only by chance (hostile text in a String). */
export function invalidInput(type: GraphQLInputType, hints: GqlHints, name: string, where: string): fc.Arbitrary<unknown> {
  const nullable = getNullableType(type) as GraphQLInputType;
  const options: fc.Arbitrary<unknown>[] = [];
  if (isNonNullType(type)) options.push(fc.constant(null));
  if (isListType(nullable)) options.push(fc.array(invalidInput(nullable.ofType, hints, name, where), { maxLength: 3 }), invalidLeaf(getNamedType(nullable)));
  else if (isInputObjectType(nullable)) {
    const fields = Object.values(nullable.getFields());
    const valid = validInput(nullable, hints, name, where) as fc.Arbitrary<Record<string, unknown>>;
    const names = fields.map((field) => field.name);
    const required = fields.filter((field) => isNonNullType(field.type)).map((field) => field.name);
    options.push(
      // One field broken (repeated, so most invalid objects break a field rather than the whole value).
      ...[1, 2, 3].map(() =>
        fc.tuple(valid, fc.constantFrom(...names)).chain(([object, broken]) =>
          invalidInput(nullable.getFields()[broken].type, hints, broken, nullable.name).map((value) => ({ ...object, [broken]: value })),
        ),
      ),
      fc.tuple(valid, fc.constantFrom('role', 'owner', 'id', 'isAdmin', 'confirmPassword', '__typename', ''), hostileValue).map(([object, extra, value]) => ({ ...object, [extra]: value })),
      fc.constantFrom('a string', 1, true, [], [{}]),
    );
    if (required.length) options.push(fc.tuple(valid, fc.constantFrom(...required)).map(([object, dropped]) => Object.fromEntries(Object.entries(object).filter(([key]) => key !== dropped))));
  } else options.push(invalidLeaf(nullable as GraphQLNamedType), invalidLeaf(nullable as GraphQLNamedType));
  return fc.oneof(...options);
}

/** The selection set of every field of `type` down to `depth` levels, skipping fields that take arguments. */
export function selectionOf(type: GraphQLOutputType, depth = 3): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (!isObjectType(named) || depth === 0) return '{ __typename }';
  const fields = Object.values(named.getFields())
    .filter((field) => field.args.every((arg) => !isNonNullType(arg.type)))
    .map((field) => {
      const inner = getNamedType(field.type);
      if (isScalarType(inner) || isEnumType(inner)) return field.name;
      return depth > 1 ? `${field.name} ${selectionOf(field.type, depth - 1)}` : '';
    })
    .filter(Boolean);
  // An object whose fields are all objects (a page of movements: its items and its pagination) has none left at the last level.
  return fields.length ? `{ ${fields.join(' ')} }` : '{ __typename }';
}

/** `query` or `mutation`, with one variable per argument. */
function documentFor(operation: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): string {
  const definitions = field.args.map((arg) => `$${arg.name}: ${arg.type.toString()}`).join(', ');
  const args = field.args.map((arg) => `${arg.name}: $${arg.name}`).join(', ');
  return `${operation} Fuzz${definitions ? `(${definitions})` : ''} { ${field.name}${args ? `(${args})` : ''} ${selectionOf(field.type)} }`;
}

/** A GraphQL literal for a JSON value (strings quoted, objects as input objects), for documents with inlined arguments. */
function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'string') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(literal).join(', ')}]`;
  if (typeof value === 'object') return `{ ${Object.entries(value).filter(([key]) => /^[_A-Za-z][_0-9A-Za-z]*$/.test(key)).map(([key, item]) => `${key}: ${literal(item)}`).join(', ')} }`;
  return String(value);
}

/** Documents GraphQL must refuse before running anything: syntax errors, unknown fields, wrong literals, missing selections. */
function brokenDocuments(operation: 'query' | 'mutation', field: GraphQLField<unknown, unknown>): fc.Arbitrary<GqlRequest> {
  const selection = selectionOf(field.type);
  const wrongLiterals = field.args.length
    ? fc.array(hostileValue, { minLength: field.args.length, maxLength: field.args.length }).map((values) => `${operation} { ${field.name}(${field.args.map((arg, i) => `${arg.name}: ${literal(values[i])}`).join(', ')}) ${selection} }`)
    : fc.constant(`${operation} { ${field.name}(unknownArgument: 1) ${selection} }`);
  return fc
    .oneof(
      wrongLiterals,
      fc.constant(`${operation} { ${field.name} ${selection.replace(/^\{/, '{ notAField')} }`),
      fc.constant(`${operation} { ${field.name}`),
      fc.constant(`${operation} Fuzz($x: NoSuchType) { ${field.name} }`),
      selection ? fc.constant(`${operation} { ${field.name} }`) : fc.constant(`${operation} { ${field.name} { id } }`),
    )
    .map((query) => ({ field: field.name, query, variables: {} }));
}

/** Operations calling the root field `name` of Query or Mutation, with generated variables. */
export function gqlRequests(schema: GraphQLSchema, name: string, valid: boolean, hints: GqlHints): fc.Arbitrary<GqlRequest> {
  const query = schema.getQueryType()?.getFields()[name];
  const field = query ?? schema.getMutationType()?.getFields()[name];
  if (!field) throw new Error(`no root field ${name}`);
  const operation = query ? 'query' : 'mutation';
  const document = documentFor(operation, field);
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const arg of field.args) model[arg.name] = validInput(arg.type, hints, arg.name, field.name);
  const required = field.args.filter((arg) => isNonNullType(arg.type)).map((arg) => arg.name);
  const variables = fc.record(model, { requiredKeys: required });
  const request = (vars: fc.Arbitrary<Record<string, unknown>>) => vars.map((values) => ({ field: field.name, query: document, variables: values }));
  if (valid) return request(variables);
  if (!field.args.length) return fc.oneof({ weight: 3, arbitrary: request(fc.constant({})) }, { weight: 1, arbitrary: brokenDocuments(operation, field) });
  const broken = fc.tuple(variables, fc.constantFrom(...field.args)).chain(([values, arg]) => invalidInput(arg.type, hints, arg.name, field.name).map((value) => ({ ...values, [arg.name]: value })));
  return fc.oneof({ weight: 6, arbitrary: request(broken) }, { weight: 1, arbitrary: request(variables.map((values) => ({ ...values, unknownVariable: 1 }))) }, { weight: 1, arbitrary: brokenDocuments(operation, field) });
}

/** Values at and past the edges of each input type, tried once per argument and input field rather than left to chance. */
function edgeValues(type: GraphQLInputType): unknown[] {
  const named = getNamedType(type);
  const edges: unknown[] = [null];
  if (isEnumType(named)) return [...edges, 'x', named.getValues()[0].name.toLowerCase()];
  switch (named.name) {
    case 'Int':
      return [...edges, INT_MAX + 1, INT_MIN - 1, 1e21, 1.5, '1'];
    case 'Float':
      return [...edges, 1e308, 2.115, '1.5', -1];
    case 'String':
      return [...edges, 12, '   ', 'a\u0000b', 'x'.repeat(1001)];
    case 'Boolean':
      return [...edges, 'true'];
    case 'ID':
      return [...edges, 'abc', '', new Slot('id:ownUpper'), new Slot('id:stale')];
  }
  return edges;
}

/** A valid request changed in one place at a time: each argument, and each field of an input-object argument, set to each edge value. */
export function gqlEdgeRequests(schema: GraphQLSchema, base: GqlRequest): GqlRequest[] {
  const field = schema.getQueryType()?.getFields()[base.field] ?? schema.getMutationType()?.getFields()[base.field];
  const requests: GqlRequest[] = [];
  for (const arg of field?.args ?? []) {
    const nullable = getNullableType(arg.type);
    if (isInputObjectType(nullable)) {
      const object = (base.variables[arg.name] ?? {}) as Record<string, unknown>;
      for (const inner of Object.values(nullable.getFields())) {
        for (const value of edgeValues(inner.type)) requests.push({ ...base, variables: { ...base.variables, [arg.name]: { ...object, [inner.name]: value } } });
      }
    } else for (const value of edgeValues(arg.type)) requests.push({ ...base, variables: { ...base.variables, [arg.name]: value } });
  }
  return requests;
}
