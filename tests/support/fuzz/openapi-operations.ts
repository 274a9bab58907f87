import fc from 'fast-check';
import { UPLOAD } from '@stockroom/schema';
import { GIF, HTML, JPEG, png, SVG, WEBP } from '../images';
import { hostileString, hostileValue, malformedId, malformedJson } from './hostile';
import { deref, invalidObject, invalidValue, validValue, type Hints, type JsonSchema } from './json-schema-arbitrary';
import { Multipart, RawJson, Slot } from './slots';

/** One documented operation of the OpenAPI document: what it takes and what it may answer. */
export interface RestOperation {
  /** `METHOD /path/{template}`, as the failure reports name it. */
  key: string;
  method: string;
  path: string;
  parameters: Array<{ name: string; in: string; required?: boolean; schema: JsonSchema }>;
  body?: { mediaType: string; schema: JsonSchema };
  responses: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
  secured: boolean;
}

/** How the request is authenticated: the caller's token, none, or one the server never issued. */
export type Auth = 'caller' | 'none' | 'forged';

export interface RestRequest {
  operation: string;
  pathParams: Record<string, unknown>;
  query: Record<string, unknown>;
  /** undefined: no body at all. */
  body: unknown;
  auth: Auth;
}

const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

export function restOperations(doc: JsonSchema): RestOperation[] {
  const operations: RestOperation[] = [];
  for (const [path, item] of Object.entries<JsonSchema>(doc.paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const content = operation.requestBody ? deref(operation.requestBody, doc).content : undefined;
      const mediaType = content ? Object.keys(content)[0] : undefined;
      operations.push({
        key: `${method.toUpperCase()} ${path}`,
        method: method.toUpperCase(),
        path,
        parameters: [...(item.parameters ?? []), ...(operation.parameters ?? [])].map((parameter: JsonSchema) => deref(parameter, doc)) as RestOperation['parameters'],
        body: mediaType ? { mediaType, schema: content[mediaType].schema } : undefined,
        responses: Object.fromEntries(Object.entries<JsonSchema>(operation.responses).map(([status, response]) => [status, deref(response, doc)])),
        secured: (operation.security ?? doc.security ?? []).length > 0,
      });
    }
  }
  return operations;
}

/** The methods the document lists for each path. */
export function documentedMethods(doc: JsonSchema): Map<string, string[]> {
  return new Map(Object.entries<JsonSchema>(doc.paths).map(([path, item]) => [path, METHODS.filter((method) => item[method]).map((method) => method.toUpperCase())]));
}

/** Words that are routes of their own under /api/products and /api/users, so an "id" spelled like them is a different operation. */
const ROUTE_WORDS = new Set(['', '.', '..', 'stats', 'categories', 'featured', 'search', 'images', 'category', 'profile', 'admin', 'health', 'verify-email', 'resend-verification']);
/** Also no lone surrogate: no URL can carry one (encodeURIComponent throws), so no client could send it. */
const pathSafe = (value: unknown) => !ROUTE_WORDS.has(String(value).trim().toLowerCase()) && !String(value).includes('/') && !/\p{Cs}/u.test(String(value));

/** An id that names something: mostly the caller's own, sometimes another account's, sometimes nothing. */
export const validId: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: fc.nat(20).map((pick) => new Slot('id:own', pick)) },
  { weight: 1, arbitrary: fc.nat(20).map((pick) => new Slot('id:foreign', pick)) },
  { weight: 1, arbitrary: fc.uuid() },
);

/** Ids a careful client would not send: another account's, deleted, random, upper-cased, malformed. */
export const invalidId: fc.Arbitrary<unknown> = fc.oneof(
  fc.nat(20).map((pick) => new Slot('id:foreign', pick)),
  fc.nat(20).map((pick) => new Slot('id:stale', pick)),
  fc.nat(20).map((pick) => new Slot('id:ownUpper', pick)),
  fc.nat(20).map((pick) => new Slot('id:own', pick)),
  fc.uuid({ version: [1, 2, 3, 4, 5, 7, 8] }),
  malformedId,
);

/**
 * Node refuses a request line and headers over 16 KB with 431 before the app
 * sees it; a URL value is cut well below that so the app's own answer is tested.
 */
const URL_VALUE_MAX = 1500;
const clampForUrl = (value: unknown): unknown =>
  typeof value === 'string' ? [...value].slice(0, URL_VALUE_MAX).join('') : Array.isArray(value) ? value.slice(0, 5).map(clampForUrl) : value;
const clampAll = (values: Record<string, unknown>) => Object.fromEntries(Object.entries(values).map(([name, value]) => [name, clampForUrl(value)]));

function pathParams(operation: RestOperation, valid: boolean, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const parameter of operation.parameters.filter((p) => p.in === 'path')) {
    const hinted = hints(parameter.name, parameter.schema);
    if (parameter.name === 'id') model.id = valid ? validId : invalidId.filter(pathSafe);
    else if (valid) model[parameter.name] = hinted ?? validValue(parameter.schema, {}, hints);
    else model[parameter.name] = fc.oneof(hostileString, invalidValue(parameter.schema, {})).filter(pathSafe);
  }
  return fc.record(model).map(clampAll);
}

function queryParams(operation: RestOperation, valid: boolean, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const query = operation.parameters.filter((p) => p.in === 'query');
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const parameter of query) model[parameter.name] = hints(parameter.name, parameter.schema) ?? validValue(parameter.schema, {}, hints);
  const required = query.filter((p) => p.required).map((p) => p.name);
  const base = fc.record(model, { requiredKeys: required });
  if (valid) return base;
  const names = query.map((p) => p.name);
  const broken = names.length
    ? fc.tuple(base, fc.subarray(names, { minLength: 1 }), fc.array(fc.oneof(...query.map((p) => invalidValue(p.schema, {}))), { minLength: names.length, maxLength: names.length })).map(([values, chosen, bad]) => {
        const copy: Record<string, unknown> = { ...values };
        chosen.forEach((name) => (copy[name] = bad[names.indexOf(name)]));
        return copy;
      })
    : base;
  const unknown = fc.tuple(broken, fc.constantFrom('foo', 'page[]', '__proto__', 'sortBy[$ne]', ''), hostileValue).map(([values, name, value]) => ({ ...values, [name]: value }));
  const dropped = required.length ? base.map((values) => Object.fromEntries(Object.entries(values).filter(([name]) => !required.includes(name)))) : base;
  return fc.oneof({ weight: 6, arbitrary: broken }, { weight: 2, arbitrary: unknown }, { weight: 1, arbitrary: dropped }).map(clampAll);
}

const IMAGES = [png(), png(3, 1), JPEG, WEBP];
const image = fc.constantFrom(...IMAGES);

/**
 * The product import's form: a small product file (CSV with any of its
 * delimiters, a BOM or not) with a mode and a dry run, or a file it must
 * refuse (empty, a header only, an image, Latin-1 text, a broken quote).
 */
function importFormBody(valid: boolean): fc.Arbitrary<unknown> {
  const text = (value: string) => new TextEncoder().encode(value);
  const options = fc.tuple(fc.constantFrom('create', 'upsert'), fc.constantFrom('true', 'false'));
  const form = (bytes: Uint8Array, [mode, dryRun]: [string, string]) =>
    new Multipart([{ field: 'file', bytes, filename: 'products.csv', contentType: 'text/csv' }, { field: 'mode', text: mode }, { field: 'dryRun', text: dryRun }]);
  if (valid) {
    const product = fc.tuple(fc.constantFrom('Desk lamp', 'Crème brûlée torch', 'Stool, oak', '=SUM(A1)'), fc.integer({ min: 1, max: 99_999 }), fc.nat(1000));
    const file = fc.tuple(fc.array(product, { minLength: 1, maxLength: 5 }), fc.constantFrom(',', ';', '\t'), fc.boolean()).map(([rows, delimiter, bom]) => {
      const cell = (value: string) => (value.includes(delimiter) ? `"${value}"` : value);
      const lines = [['name', 'price', 'qty'].join(delimiter), ...rows.map(([name, cents, quantity]) => [cell(name), (cents / 100).toFixed(2), String(quantity)].join(delimiter))];
      return text(`${bom ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`);
    });
    return fc.tuple(file, options).map(([bytes, chosen]) => form(bytes, chosen));
  }
  const refused = fc.constantFrom(new Uint8Array(0), text('name,price\r\n'), png(), Buffer.from('name,price\r\nCr\xe8me,1\r\n', 'latin1'), text('name,price\r\n"open,1\r\n'));
  return fc.oneof(
    fc.tuple(refused, options).map(([bytes, chosen]) => form(bytes, chosen)),
    fc.tuple(hostileString, options).map(([mode, [, dryRun]]) => form(text('name,price\r\nLamp,1\r\n'), [mode, dryRun])),
    hostileString.map((value) => new Multipart([{ field: 'file', text: value }])),
    fc.constant(new Multipart([])),
    hostileValue,
  );
}

function multipartBody(schema: JsonSchema, valid: boolean): fc.Arbitrary<unknown> {
  const field = (schema.required ?? Object.keys(schema.properties ?? {}))[0] as string;
  if (field === 'file') return importFormBody(valid);
  const part = (bytes: Uint8Array, filename: string, contentType: string, name = field) => new Multipart([{ field: name, bytes, filename, contentType }]);
  if (valid) return fc.tuple(image, fc.constantFrom('photo.png', 'a.jpg', 'b', 'ünï €.webp')).map(([bytes, filename]) => part(bytes, filename, 'image/png'));
  return fc.oneof(
    fc.constantFrom(GIF, SVG, HTML, Buffer.alloc(0), Buffer.from('not an image'), png().subarray(0, 20)).map((bytes) => part(bytes, 'x.png', 'image/png')),
    image.map((bytes) => part(bytes, 'x.png', 'image/png', 'file')),
    image.map((bytes) => new Multipart([{ field, bytes, filename: '../../etc/passwd', contentType: 'text/html' }, { field, bytes, filename: 'second.png', contentType: 'image/png' }])),
    hostileString.map((text) => new Multipart([{ field, text }])),
    fc.constant(new Multipart([])),
    fc.constant(part(Buffer.concat([png(), Buffer.alloc(UPLOAD.maxBytes)]), 'big.png', 'image/png')),
    hostileValue,
  );
}

/** Requests for `operation`: valid ones (documented types, bounds and hints) or invalid ones (broken bodies, parameters, ids and tokens). */
export function restRequests(operation: RestOperation, doc: JsonSchema, valid: boolean, hints: Hints): fc.Arbitrary<RestRequest> {
  let body: fc.Arbitrary<unknown> = fc.constant(undefined);
  if (operation.body?.mediaType === 'multipart/form-data') body = multipartBody(deref(operation.body.schema, doc), valid);
  else if (operation.body) {
    body = valid
      ? validValue(operation.body.schema, doc, hints)
      : fc.oneof(
          { weight: 8, arbitrary: invalidObject(operation.body.schema, doc, hints) },
          { weight: 1, arbitrary: malformedJson.map((text) => new RawJson(text)) },
          { weight: 1, arbitrary: fc.constant(undefined) },
        );
  } else if (!valid && operation.method !== 'GET') {
    // A body where none is documented is ignored or refused, never a crash.
    body = fc.option(hostileValue, { freq: 4, nil: undefined });
  }
  const auth: fc.Arbitrary<Auth> = valid ? fc.constant('caller') : fc.oneof({ weight: 8, arbitrary: fc.constant<Auth>('caller') }, { weight: 1, arbitrary: fc.constant<Auth>('none') }, { weight: 1, arbitrary: fc.constant<Auth>('forged') });
  return fc.record({ operation: fc.constant(operation.key), pathParams: pathParams(operation, valid, hints), query: queryParams(operation, valid, hints), body, auth });
}

/** Values at and past the edges of each JSON type, tried on every property once per operation rather than left to chance. */
export function edgeValues(schema: JsonSchema, doc: JsonSchema): unknown[] {
  const resolved = deref(schema, doc);
  const types = resolved.enum ? ['enum'] : Array.isArray(resolved.type) ? resolved.type : [resolved.type];
  const edges: unknown[] = [null];
  if (types.includes('integer') || types.includes('number')) edges.push(2147483648, -2147483649, 1e21, 1.5, '1');
  if (types.includes('string')) edges.push(12, '   ', 'a\u0000b', 'x'.repeat((resolved.maxLength ?? 1000) + 1));
  if (types.includes('boolean')) edges.push('true', 0);
  if (types.includes('enum')) edges.push('', 'ADMIN', 1);
  if (types.includes('object') || types.includes('array')) edges.push('x', 1);
  return edges;
}

/** A valid request changed in one place: each body property and each query parameter set to each of its edge values. */
export function edgeRequests(operation: RestOperation, doc: JsonSchema, base: RestRequest): RestRequest[] {
  const requests: RestRequest[] = [];
  const body = operation.body && operation.body.mediaType === 'application/json' ? deref(operation.body.schema, doc) : undefined;
  for (const [name, property] of Object.entries<JsonSchema>(body?.properties ?? {})) {
    for (const value of edgeValues(property, doc)) requests.push({ ...base, body: { ...(base.body as object), [name]: value } });
  }
  for (const parameter of operation.parameters.filter((p) => p.in === 'query')) {
    for (const value of ['0', '2147483648', '1.5', ' ', 'x'.repeat(101)]) requests.push({ ...base, query: { ...base.query, [parameter.name]: value } });
  }
  return requests;
}
