import fc from 'fast-check';
import { Rules, textRulePattern, type TextRule } from '@stockroom/schema';
import { hostileNumber, hostileString, hostileValue, longString } from './hostile';

/**
 * JSON Schema (as the OpenAPI 3.1 document writes it) -> fast-check
 * arbitraries: `validValue` gives values the schema accepts, `invalidValue`
 * values it refuses (wrong type, out of range, off the enum, too long) mixed
 * with hostile values of any type.
 */
export type JsonSchema = Record<string, any>;

/** A generator for a named property that knows more than the document (a real email, the caller's password). */
export type Hints = (name: string, schema: JsonSchema) => fc.Arbitrary<unknown> | undefined;

const noHints: Hints = () => undefined;

/** The schema a `$ref` points at, followed until it is not a reference. */
export function deref(schema: JsonSchema, doc: JsonSchema): JsonSchema {
  let current = schema;
  for (let hops = 0; current && typeof current.$ref === 'string'; hops++) {
    if (hops > 20) throw new Error(`$ref loop at ${current.$ref}`);
    const path = current.$ref.replace(/^#\//, '').split('/');
    current = path.reduce((node: any, key: string) => node?.[key], doc);
    if (!current) throw new Error(`unresolved $ref ${schema.$ref}`);
  }
  return current;
}

/** The JSON types a schema allows (from `type`, or from `enum`/`const` values). */
export function typesOf(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  if (typeof schema.type === 'string') return [schema.type];
  const values: unknown[] = schema.enum ?? ('const' in schema ? [schema.const] : []);
  return [...new Set(values.map((value) => (value === null ? 'null' : Number.isInteger(value) ? 'integer' : typeof value)))];
}

const WORDS = ['Steel', 'Lamp', 'Café', 'Über', 'naïve', 'Widget', '東京', 'Ørsted', 'Desk', 'Chair', 'Bolt', 'Nut', 'Gadget', 'Żółw', 'Smörgås', 'Crème', 'Box'];

/** Readable, non-blank text of `min` to `max` characters (counted as code points, as JSON Schema and the server count). */
function text(min = 0, max = 200): fc.Arbitrary<string> {
  const cap = Math.min(max, Math.max(min, 60));
  return fc
    .tuple(fc.array(fc.constantFrom(...WORDS), { minLength: 1, maxLength: 8 }), fc.integer({ min: Math.max(min, 1), max: Math.max(cap, 1) }), fc.boolean())
    .map(([words, length, exact]) => {
      let value = words.join(' ');
      while ([...value].length < length) value += ` ${words[0]}`;
      const chars = [...value].slice(0, exact ? Math.max(min, 1) : length);
      // A cut may end on a space; the rules trim, so keep the last character a letter.
      while (chars.length && chars[chars.length - 1] === ' ') chars[chars.length - 1] = 'x';
      return chars.join('');
    })
    .filter((value) => [...value].length >= min && [...value].length <= max);
}

export const validEmail = fc
  .tuple(fc.stringMatching(/^[a-z][a-z0-9.]{0,15}[a-z0-9]$/), fc.constantFrom('example.com', 'example.org', 'mail.example.net'))
  .filter(([local]) => !local.includes('..'))
  .map(([local, domain]) => `${local}@${domain}`);

/** The password rule's pattern as the document states it (JSON Schema patterns are ECMA-262 with the u flag, as ajv compiles them). */
const PASSWORD_PATTERN = new RegExp(textRulePattern(Rules.password), 'u');

/** Passwords a person would pick that pass the policy: at its shortest, with a space, with characters outside ASCII. */
const STRONG_PASSWORDS = ['Str0ng!Passw0rd', 'Aa1!Aa1!', 'Correct Horse 9 Battery', 'Ünïcødé€Pässw0rd', 'P@55w0rd-🙂-Long-Enough'];

/** Passes the password policy: upper, lower, digit and special character, 8 to 60 characters. */
export const strongPassword: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(...STRONG_PASSWORDS),
  fc
    .tuple(fc.stringMatching(/^[A-Za-z0-9]{4,56}$/), fc.constantFrom('!', '#', '%', '-', '€', ' '))
    .map(([core, special]) => `Aa1${special}${core}`)
    .filter((password) => PASSWORD_PATTERN.test(password)),
);

const imageUrl = fc.oneof(
  fc.nat(9999).map((n) => `https://images.example.com/${n}.jpg`),
  fc.webUrl({ validSchemes: ['http', 'https'] }),
  fc.uuid({ version: 4 }).map((id) => `/uploads/${id}.png`),
);

/**
 * fast-check cannot build a generator from a pattern with lookaheads, and the
 * document writes every text rule's pattern with one (no NUL anywhere, then
 * the shape). Such a pattern gets a generator of values that rule accepts,
 * found by the pattern the rule writes: the rule's format says which, and
 * plain text takes its lengths from the schema (rules of one pattern differ
 * only in length).
 */
function ruleText(rule: TextRule): (schema: JsonSchema) => fc.Arbitrary<string> {
  switch (rule.format) {
    case 'email':
      return () => validEmail;
    case 'password':
      return () => strongPassword;
    case 'imageUrl':
      return () => imageUrl;
  }
  return (schema) => text(schema.minLength ?? 0, schema.maxLength ?? 200);
}

const RULE_TEXT = new Map<string, (schema: JsonSchema) => fc.Arbitrary<string>>();
for (const rule of Object.values(Rules)) if (rule.kind === 'text' && !RULE_TEXT.has(textRulePattern(rule))) RULE_TEXT.set(textRulePattern(rule), ruleText(rule));

/** Values matching `schema.pattern`: generated from the pattern where fast-check can, else from the rule that wrote it, kept only when they match. */
function patternValue(schema: JsonSchema): fc.Arbitrary<string> {
  const pattern = new RegExp(schema.pattern, 'u');
  let arbitrary: fc.Arbitrary<string> | undefined;
  try {
    arbitrary = fc.stringMatching(new RegExp(schema.pattern));
  } catch {
    arbitrary = RULE_TEXT.get(schema.pattern)?.(schema);
  }
  if (!arbitrary) throw new Error(`validValue: no generator for the pattern ${schema.pattern} (fast-check cannot read it and no shared text rule writes it)`);
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  return arbitrary.filter((value) => pattern.test(value) && [...value].length >= min && [...value].length <= max);
}

function stringValue(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.pattern) return patternValue(schema);
  switch (schema.format) {
    case 'uuid':
      return fc.uuid();
    case 'email':
      return validEmail.filter((email) => email.length <= (schema.maxLength ?? 254));
    case 'date-time':
      return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((date) => date.toISOString());
    case 'uri':
      return fc.webUrl();
  }
  return text(schema.minLength ?? 0, schema.maxLength ?? 200);
}

function numberValue(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const min = schema.minimum ?? (schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : integer ? 1 : 0);
  const max = schema.maximum ?? (schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : 1000);
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  if (schema.multipleOf) {
    // Whole multiples, divided once: 2.1 stays 2.1 rather than 2.1000000000000001.
    const scale = Math.round(1 / schema.multipleOf);
    return fc.integer({ min: Math.ceil(min * scale), max: Math.floor(max * scale) }).map((n) => n / scale);
  }
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
}

/** Values `schema` accepts. `hints` may replace the generator of a named object property. */
export function validValue(schema: JsonSchema, doc: JsonSchema, hints: Hints = noHints): fc.Arbitrary<unknown> {
  const resolved = deref(schema, doc);
  if ('const' in resolved) return fc.constant(resolved.const);
  if (resolved.enum) return fc.constantFrom(...resolved.enum);
  // Either shape (a draft field: its rule's text, or a blank one).
  if (Array.isArray(resolved.anyOf)) return fc.oneof(...resolved.anyOf.map((branch: JsonSchema) => validValue(branch, doc, hints)));
  const types = typesOf(resolved);
  const options = types.map((type) => validOfType(type, resolved, doc, hints));
  const arbitrary = options.length ? fc.oneof(...options) : fc.jsonValue({ maxDepth: 1 });
  return resolved.not ? arbitrary.filter((value) => !matchesNot(resolved.not, value)) : arbitrary;
}

/** Only the `not: { const }` form the document uses. */
function matchesNot(not: JsonSchema, value: unknown): boolean {
  return 'const' in not && not.const === value;
}

function validOfType(type: string, schema: JsonSchema, doc: JsonSchema, hints: Hints): fc.Arbitrary<unknown> {
  switch (type) {
    case 'string':
      return stringValue(schema);
    case 'integer':
      return numberValue(schema, true);
    case 'number':
      return numberValue(schema, false);
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(validValue(schema.items ?? {}, doc, hints), { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, 3) });
    case 'object':
      return validObject(schema, doc, hints);
  }
  throw new Error(`validValue: unsupported type ${type}`);
}

function validObject(schema: JsonSchema, doc: JsonSchema, hints: Hints): fc.Arbitrary<Record<string, unknown>> {
  const properties: Record<string, JsonSchema> = schema.properties ?? {};
  const required: string[] = schema.required ?? [];
  const model: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [name, property] of Object.entries(properties)) model[name] = hints(name, deref(property, doc)) ?? validValue(property, doc, hints);
  return fc.record(model, { requiredKeys: required.filter((name) => name in model) });
}

/** Values of the wrong type or outside the bounds of `schema`, and hostile values of any type (some of which it may accept). */
export function invalidValue(schema: JsonSchema, doc: JsonSchema): fc.Arbitrary<unknown> {
  const resolved = deref(schema, doc);
  // Candidates that break one branch; the checks keep only what the document refuses as a whole.
  if (Array.isArray(resolved.anyOf)) return fc.oneof(...resolved.anyOf.map((branch: JsonSchema) => invalidValue(branch, doc)));
  const types = typesOf(resolved);
  const breaking: fc.Arbitrary<unknown>[] = [hostileValue];
  if (!types.includes('null')) breaking.push(fc.constant(null));
  if (!types.includes('string')) breaking.push(hostileString);
  if (!types.includes('number') && !types.includes('integer')) breaking.push(hostileNumber);
  if (!types.includes('boolean')) breaking.push(fc.constantFrom(true, false));
  if (!types.includes('object')) breaking.push(fc.constantFrom({}, { value: 1 }));
  if (!types.includes('array')) breaking.push(fc.constantFrom([], [1], ['a']));
  if (resolved.enum) breaking.push(fc.constantFrom(...resolved.enum.filter((v: unknown) => typeof v === 'string').flatMap((v: string) => [v.toUpperCase(), v.toLowerCase(), ` ${v}`, `${v}x`])));
  if (types.includes('string')) {
    if (resolved.maxLength !== undefined) breaking.push(fc.integer({ min: resolved.maxLength + 1, max: resolved.maxLength * 4 + 10 }).map((n) => 'z'.repeat(n)));
    if (resolved.minLength) breaking.push(fc.constant('q'.repeat(resolved.minLength - 1)));
    if (resolved.format || resolved.pattern) breaking.push(fc.constantFrom('not valid', 'a@', '@b.c', 'http://', '2024-13-45T99:99:99Z', '\u0000'));
    breaking.push(longString, fc.constantFrom('a\u0000b', '   ', ''));
  }
  if (types.includes('integer') || types.includes('number')) {
    const min = resolved.minimum;
    const max = resolved.maximum;
    if (min !== undefined) breaking.push(fc.constantFrom(min - 1, min - 0.001, -1e9));
    if (max !== undefined) breaking.push(fc.constantFrom(max + 1, max + 0.001, 1e12));
    if (types.includes('integer')) breaking.push(fc.constantFrom(1.5, 2147483648, -2147483649, 9007199254740992, '12', '1.0'));
    if (resolved.multipleOf) breaking.push(fc.constantFrom(resolved.multipleOf / 3, 1.005, 2.115));
  }
  return fc.oneof(...breaking);
}

/**
 * An object body that breaks `schema` one or a few ways: a required property
 * missing, a property with an invalid value, an unknown property, or not an
 * object at all.
 */
export function invalidObject(schema: JsonSchema, doc: JsonSchema, hints: Hints = noHints): fc.Arbitrary<unknown> {
  const resolved = deref(schema, doc);
  const properties: Record<string, JsonSchema> = resolved.properties ?? {};
  const names = Object.keys(properties);
  const base = validValue(resolved, doc, hints) as fc.Arbitrary<Record<string, unknown>>;
  const mutation: fc.Arbitrary<(body: Record<string, unknown>) => Record<string, unknown>> = fc.oneof(
    ...(names.length
      ? [
          fc.tuple(fc.constantFrom(...names), fc.oneof(hostileValue, fc.constant(null))).map(([name, value]) => (body: Record<string, unknown>) => ({
            ...body,
            [name]: value,
          })),
          fc.constantFrom(...names).chain((name) => invalidValue(properties[name], doc).map((value) => (body: Record<string, unknown>) => ({ ...body, [name]: value }))),
        ]
      : []),
    ...((resolved.required ?? []).length
      ? [
          fc.constantFrom(...(resolved.required as string[])).map((name) => (body: Record<string, unknown>) => {
            const { [name]: _dropped, ...rest } = body;
            return rest;
          }),
        ]
      : []),
    fc.tuple(fc.constantFrom('role', 'owner', 'id', 'isAdmin', 'passwordHash', 'extra', 'confirmPassword', '__proto__', 'constructor', ''), hostileValue).map(([name, value]) => (body: Record<string, unknown>) => {
      const copy = { ...body };
      Object.defineProperty(copy, name, { value, enumerable: true, writable: true, configurable: true });
      return copy;
    }),
  );
  const mutated = fc.tuple(base, fc.array(mutation, { minLength: 1, maxLength: 3 })).map(([body, changes]) => changes.reduce((current, change) => change(current), body));
  return fc.oneof(
    { weight: 8, arbitrary: mutated },
    { weight: 1, arbitrary: fc.oneof(hostileValue, fc.constantFrom([], [{}], 'text', 0, true, null)) },
  );
}
