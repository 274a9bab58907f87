import { PRODUCT_INPUT_ORDER, writableField, type WritableProductFieldName } from '@stockroom/schema';
import { changedFields, type ProductFormValues } from './product-form-values';

/** One field someone else changed while the form was open: their value and the form's, as the inputs show them. */
export interface ServerChange {
  name: WritableProductFieldName;
  label: string;
  theirs: string | boolean;
  mine: string | boolean;
}

/**
 * What an update refused as stale meets on the server, field by field, from
 * the product the form was editing (`base`), the product now (`theirs`) and
 * the form's values (`mine`).
 */
export interface ServerChanges {
  /** Changed on the server only (or to what the user typed too): the form takes the server's value. */
  taken: ServerChange[];
  /** Changed on the server and, to something else, by the user: theirs or mine is the user's choice. */
  collisions: ServerChange[];
}

export function serverChanges(base: ProductFormValues, theirs: ProductFormValues, mine: ProductFormValues): ServerChanges {
  const onServer = new Set(changedFields(base, theirs));
  const typed = new Set(changedFields(base, mine));
  const apart = new Set(changedFields(theirs, mine));
  const changes: ServerChanges = { taken: [], collisions: [] };
  for (const name of PRODUCT_INPUT_ORDER) {
    if (!onServer.has(name)) continue;
    const change = { name, label: writableField(name).rule.label, theirs: theirs[name], mine: mine[name] };
    (typed.has(name) && apart.has(name) ? changes.collisions : changes.taken).push(change);
  }
  return changes;
}

/** A value as the conflict panel shows it: a checkbox as Yes or No, an empty input as "(none)". */
export function shownValue(value: string | boolean | undefined): string {
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return value?.trim() ? value : '(none)';
}
