import type { Request } from 'express';
import { ValidationMessages, type FieldRule } from '@stockroom/schema';
import { ValidationError } from '../common/errors';

/** A query parameter as one string; a repeated one (`?page=1&page=2`) is refused rather than guessed at. */
export function param(req: Request, key: string, label: string): string | undefined {
  const value = req.query[key];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new ValidationError({ [key]: ValidationMessages.invalidFormat(label) });
  return value;
}

/** Every parameter a list's shared rules name, as strings, for the service to validate. */
export function queryParams<K extends string>(req: Request, fields: Record<K, FieldRule>): Record<K, string | undefined> {
  return Object.fromEntries((Object.keys(fields) as K[]).map((key) => [key, param(req, key, fields[key].label)])) as Record<K, string | undefined>;
}
