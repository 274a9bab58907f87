import type { Request } from 'express';
import { GeneralMessages, ValidationMessages } from '@stockroom/schema';
import { ValidationError } from '../common/errors';

/**
 * The JSON body as an object holding only `allowed` keys. An unknown key is
 * a 400 rather than silently ignored, so a misspelt field is noticed.
 */
export function readBody<K extends string>(req: Request, allowed: readonly K[]): Record<K, unknown> {
  const body: unknown = req.body ?? {};
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw new ValidationError({ body: ValidationMessages.invalidFormat('Request body') });
  }
  const unknown = Object.keys(body).filter((key) => !(allowed as readonly string[]).includes(key));
  if (unknown.length) {
    throw new ValidationError(Object.fromEntries(unknown.map((key) => [key, GeneralMessages.unknownField])), `${GeneralMessages.unknownField}: ${unknown.join(', ')}`);
  }
  return body as Record<K, unknown>;
}
