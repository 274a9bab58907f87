import { LocationMessages } from '@stockroom/schema';
import { FORM_ERROR } from 'final-form';
import { extractErrorMessage, extractFieldErrors } from '../../lib/errors';

/** The location form's fields, as the server names them in `extensions.fields`. */
export type LocationFormField = 'name' | 'code' | 'parentId';
export type LocationFormErrors = Partial<Record<LocationFormField | typeof FORM_ERROR, string>>;

const FIELDS: ReadonlySet<string> = new Set<LocationFormField>(['name', 'code', 'parentId']);

/** Refusals that carry no field but belong to one: what to change is that field. */
const MESSAGE_FIELDS: Record<string, LocationFormField> = {
  [LocationMessages.duplicateCode]: 'code',
  [LocationMessages.ownDescendant]: 'parentId',
  [LocationMessages.tooDeep]: 'parentId',
};

/** Where the server's answer to a create or an update shows: on its field when it names one, else above the fields. */
export function locationFormErrors(error: unknown): LocationFormErrors {
  const errors: LocationFormErrors = {};
  for (const [field, message] of Object.entries(extractFieldErrors(error))) {
    if (FIELDS.has(field)) errors[field as LocationFormField] = message;
  }
  if (Object.keys(errors).length > 0) return errors;
  const message = extractErrorMessage(error);
  return { [MESSAGE_FIELDS[message] ?? FORM_ERROR]: message };
}
