import { ERROR_CODES } from '@stockroom/schema';
import {
  getNamedType,
  isEnumType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  Kind,
  parse,
  type FieldNode,
  type GraphQLOutputType,
  type GraphQLSchema,
  type SelectionSetNode,
} from 'graphql';
import type { Problem } from './rest-checks';

/**
 * The rules every GraphQL answer is held to: HTTP 200 or 400, never an
 * INTERNAL_SERVER_ERROR, every error with a message and a code from the
 * documented set, and `data` shaped like the selection set (non-null fields
 * non-null, each scalar of its type, each enum one of its values).
 */

/**
 * The app's own error codes (INTERNAL_SERVER_ERROR excepted: no answer may
 * carry it) and the request errors GraphQL itself raises (backend/src/graphql/format-error.ts).
 */
export const DOCUMENTED_CODES = new Set<string>([
  ...ERROR_CODES.filter((code) => code !== 'INTERNAL_SERVER_ERROR'),
  'GRAPHQL_PARSE_FAILED',
  'GRAPHQL_VALIDATION_FAILED',
  'BAD_REQUEST',
  'OPERATION_RESOLUTION_FAILURE',
]);

export interface GqlAnswer {
  status: number;
  body: any;
}

const INT_MIN = -(2 ** 31);
const INT_MAX = 2 ** 31 - 1;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

function scalarProblem(name: string, value: unknown): string | undefined {
  switch (name) {
    case 'Int':
      return Number.isInteger(value) && (value as number) >= INT_MIN && (value as number) <= INT_MAX ? undefined : 'not a 32-bit Int';
    case 'Float':
      return typeof value === 'number' && Number.isFinite(value) ? undefined : 'not a Float';
    case 'String':
      return typeof value === 'string' ? undefined : 'not a String';
    case 'ID':
      return typeof value === 'string' ? undefined : 'not an ID string';
    case 'Boolean':
      return typeof value === 'boolean' ? undefined : 'not a Boolean';
    case 'DateTimeISO':
      return typeof value === 'string' && ISO_DATE.test(value) && !Number.isNaN(Date.parse(value)) ? undefined : 'not an ISO date-time';
  }
  return undefined;
}

/** Where `value` differs from what `type` and `selection` promise. */
function shapeProblems(value: unknown, type: GraphQLOutputType, selection: SelectionSetNode | undefined, path: string, out: string[]) {
  if (value === null || value === undefined) {
    if (isNonNullType(type)) out.push(`${path} is ${value === null ? 'null' : 'missing'} but ${type.toString()} is non-null`);
    return;
  }
  const nullable = isNonNullType(type) ? type.ofType : type;
  if (isListType(nullable)) {
    if (!Array.isArray(value)) return void out.push(`${path} is not a list`);
    value.forEach((item, i) => shapeProblems(item, nullable.ofType, selection, `${path}[${i}]`, out));
    return;
  }
  const named = getNamedType(nullable);
  if (isScalarType(named)) {
    const problem = scalarProblem(named.name, value);
    if (problem) out.push(`${path} = ${JSON.stringify(value)} is ${problem}`);
    return;
  }
  if (isEnumType(named)) {
    if (!named.getValues().some((v) => v.name === value)) out.push(`${path} = ${JSON.stringify(value)} is not a ${named.name}`);
    return;
  }
  if (!isObjectType(named) || typeof value !== 'object' || Array.isArray(value)) return void out.push(`${path} is not an object`);
  const fields = named.getFields();
  const record = value as Record<string, unknown>;
  const selected = (selection?.selections ?? []).filter((node): node is FieldNode => node.kind === Kind.FIELD);
  for (const node of selected) {
    const key = node.alias?.value ?? node.name.value;
    if (node.name.value === '__typename') {
      if (record[key] !== named.name) out.push(`${path}.__typename is ${JSON.stringify(record[key])}, not ${named.name}`);
      continue;
    }
    const field = fields[node.name.value];
    if (!field) return void out.push(`${path}.${key} is not a field of ${named.name}`);
    if (!(key in record)) out.push(`${path}.${key} was selected but is missing`);
    else shapeProblems(record[key], field.type, node.selectionSet, `${path}.${key}`, out);
  }
  const extra = Object.keys(record).filter((key) => !selected.some((node) => (node.alias?.value ?? node.name.value) === key));
  if (extra.length) out.push(`${path} has unselected fields ${extra.join(', ')}`);
}

/** Every rule the answer to `query` breaks. */
export function checkGqlAnswer(schema: GraphQLSchema, query: string, answer: GqlAnswer): Problem[] {
  const problems: Problem[] = [];
  if (answer.status !== 200 && answer.status !== 400) problems.push({ rule: 'HTTP 200 or 400', detail: `status ${answer.status}` });
  const body = answer.body;
  if (!body || typeof body !== 'object') return [...problems, { rule: 'a GraphQL response body', detail: `body is ${JSON.stringify(body)?.slice(0, 200)}` }];
  const errors: any[] = body.errors ?? [];
  if (!Array.isArray(errors)) problems.push({ rule: 'errors is a list', detail: JSON.stringify(body.errors) });
  for (const error of errors) {
    const code = error?.extensions?.code;
    if (code === 'INTERNAL_SERVER_ERROR') problems.push({ rule: 'no INTERNAL_SERVER_ERROR', detail: `${error.message} at ${JSON.stringify(error.path ?? [])}` });
    else if (!DOCUMENTED_CODES.has(code)) problems.push({ rule: 'error code from the documented set', detail: `code ${JSON.stringify(code)}: ${error?.message}` });
    if (typeof error?.message !== 'string' || !error.message.trim()) problems.push({ rule: 'every error has a message', detail: JSON.stringify(error) });
  }
  if (answer.status === 400 && body.data != null) problems.push({ rule: 'a refused request runs nothing', detail: 'HTTP 400 with data' });
  if (answer.status === 200 && !('data' in body)) problems.push({ rule: 'an executed request answers data', detail: 'HTTP 200 without data' });
  if (!errors.length && body.data == null) problems.push({ rule: 'no data only with errors', detail: `data ${JSON.stringify(body.data)} and no errors` });
  if (body.data != null) {
    const document = parse(query);
    const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
    const root = operation && operation.kind === Kind.OPERATION_DEFINITION && (operation.operation === 'mutation' ? schema.getMutationType() : schema.getQueryType());
    if (root && operation?.kind === Kind.OPERATION_DEFINITION) {
      const out: string[] = [];
      shapeProblems(body.data, root, operation.selectionSet, 'data', out);
      if (out.length) problems.push({ rule: 'data matches the selection set', detail: out.slice(0, 5).join('; ') });
    }
  }
  return problems;
}
