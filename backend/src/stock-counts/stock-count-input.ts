import {
  COUNTED_AT_FUTURE_SLACK_MS,
  GeneralMessages,
  isUuid,
  LEDGER_POSITION_MAX,
  STOCK_COUNT_APPROVE_LINES_MAX,
  StockCountLineFields,
  StockCountMessages,
  ValidationMessages,
  validateFields,
} from '@stockroom/schema';
import { assertValid, ValidationError } from '../common/errors';

/** Reading what the transports send for stock counts: the checks the shared field rules cannot state alone. */

/** An id the request must carry in `field`: missing is 'required', anything but an id 'Invalid ID format'. */
export function requiredIdOf(value: unknown, field: string, label: string): string {
  if (value === undefined || value === null || value === '') throw new ValidationError({ [field]: ValidationMessages.required(label) });
  if (!isUuid(value)) throw new ValidationError({ [field]: GeneralMessages.invalidId });
  return value.toLowerCase();
}

/**
 * A ledger position: a movement id as digits (or a whole number), 0 for
 * none, within the 64-bit range movement ids live in. Answered as text, as
 * ids are.
 */
export function ledgerPositionOf(value: unknown): string {
  const text = typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? String(value) : value;
  if (value === undefined || value === null || value === '') throw new ValidationError({ ledgerPosition: ValidationMessages.required('Ledger position') });
  if (typeof text !== 'string' || !/^\d{1,19}$/.test(text)) throw new ValidationError({ ledgerPosition: StockCountMessages.ledgerPosition });
  const digits = text.replace(/^0+(?=\d)/, '');
  if (digits.length === 19 && digits > LEDGER_POSITION_MAX) throw new ValidationError({ ledgerPosition: StockCountMessages.ledgerPosition });
  return digits;
}

/** When a line was counted: an ISO 8601 date-time (or a date GraphQL parsed), not in the future; left out: null (now). */
export function countedAtOf(value: unknown, now = Date.now()): Date | null {
  if (value === undefined || value === null) return null;
  const date = value instanceof Date ? value : typeof value === 'string' && ISO_DATE_TIME.test(value) ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) throw new ValidationError({ countedAt: StockCountMessages.countedAtFormat });
  if (date.getTime() > now + COUNTED_AT_FUTURE_SLACK_MS) throw new ValidationError({ countedAt: StockCountMessages.countedAtFuture });
  return date;
}
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** A line's quantity, checked with the shared rule. */
export function lineFieldsOf(input: { quantity?: unknown }): { quantity: number } {
  assertValid(validateFields({ quantity: StockCountLineFields.quantity }, input));
  return { quantity: Number(input.quantity) };
}

/** The lines an approval names: left out or null, every pending one; otherwise a list of ids, each once. */
export function approvedLineIdsOf(value: unknown): string[] | null {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.length > STOCK_COUNT_APPROVE_LINES_MAX) throw new ValidationError({ lineIds: StockCountMessages.lineIdsFormat });
  return [...new Set(value.map((id, index) => requiredIdOf(id, `lineIds[${index}]`, 'Line id')))];
}
