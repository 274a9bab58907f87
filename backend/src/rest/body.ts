import type { Request } from 'express';
import { GeneralMessages, ValidationMessages, type FieldRule } from '@stockroom/schema';
import { ValidationError } from '../common/errors';

/** The keys a body may carry, or the shared rules of each (whose keys are the ones it may carry). */
type BodyFields<K extends string> = readonly K[] | { readonly [key in K]: FieldRule };

/**
 * Why a JSON value is refused for its rule before the rule reads it, or
 * undefined. The shared rules also take a number written as text and a blank
 * choice as absent, because query strings and form fields carry nothing but
 * text; JSON carries types, so `"price": "1"` or `"role": ""` is a client's
 * mistake to be told about, as GraphQL's own types tell it.
 */
function jsonTypeError(rule: FieldRule, value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  if (rule.kind === 'number') return ValidationMessages.number(rule.label);
  if (rule.kind === 'choice' && value.trim() === '') return ValidationMessages.invalidFormat(rule.label);
  return undefined;
}

/**
 * The JSON body as an object holding only the allowed keys. An unknown key
 * is a 400 rather than silently ignored, so a misspelt field is noticed.
 * Given the fields' rules, a value of the wrong JSON type for its rule is a
 * 400 too (every such field named); the service applies the rules themselves.
 */
export function readBody<K extends string>(req: Request, fields: BodyFields<K>): Record<K, unknown> {
  return readObject(req.body ?? {}, fields);
}

/** Like readBody, for an object inside the body (a bulk request's `changes`), named `name` when it is not an object. */
export function readObject<K extends string>(body: unknown, fields: BodyFields<K>, name = 'body', label = 'Request body'): Record<K, unknown> {
  const rules: Partial<Record<string, FieldRule>> = Array.isArray(fields) ? {} : (fields as Record<string, FieldRule>);
  const allowed: readonly string[] = Array.isArray(fields) ? fields : Object.keys(fields);
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ValidationError({ [name]: ValidationMessages.invalidFormat(label) });
  }
  const unknown = Object.keys(body).filter((key) => !allowed.includes(key));
  if (unknown.length) {
    throw new ValidationError(Object.fromEntries(unknown.map((key) => [key, GeneralMessages.unknownField])), `${GeneralMessages.unknownField}: ${unknown.join(', ')}`);
  }
  const typeErrors = Object.entries(body).flatMap(([key, value]) => {
    const rule = rules[key];
    const message = rule && jsonTypeError(rule, value);
    return message ? [[key, message] as const] : [];
  });
  if (typeErrors.length) throw new ValidationError(Object.fromEntries(typeErrors));
  return body as Record<K, unknown>;
}
