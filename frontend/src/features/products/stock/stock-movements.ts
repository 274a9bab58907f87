import { ProductMessages, type StockAdjustmentReason } from '@stockroom/schema';
import type { StockMovementReason } from '@stockroom/schema/generated/graphql';
import { errorCodeOf, extractErrorMessage, extractFieldErrors, serverMessageOr } from '../../../lib/errors';
import { formatCount, formatMonthDay, formatMonthYear, formatTime, formatTimeWithSeconds } from '../../../lib/format';

/** A movement's reason as the history reads it. */
export const REASON_LABELS: Record<StockMovementReason, string> = {
  INITIAL: 'Initial stock',
  SALE: 'Sale',
  RECEIPT: 'Receipt',
  RETURN: 'Return',
  DAMAGE: 'Damage',
  COUNT: 'Stock count',
  CORRECTION: 'Correction',
  IMPORT: 'Import',
  BULK: 'Bulk change',
  TRANSFER_OUT: 'Moved out',
  TRANSFER_IN: 'Moved in',
};

/** Which way an adjustment moves stock: the dialog asks this first and offers the reasons that fit. */
export type StockDirection = 'remove' | 'add';

/**
 * The reasons a person may give for each direction, the default first: a sale
 * or damage takes stock away, a receipt or return adds it, a correction goes
 * either way. The server refuses any other pairing.
 */
export const REASONS_BY_DIRECTION: Record<StockDirection, readonly StockAdjustmentReason[]> = {
  remove: ['SALE', 'DAMAGE', 'CORRECTION'],
  add: ['RECEIPT', 'RETURN', 'CORRECTION'],
};

/** The reason a direction starts with, the one the server would pick for that sign. */
export const defaultReasonFor = (direction: StockDirection): StockAdjustmentReason => REASONS_BY_DIRECTION[direction][0];

/** The signed quantity change an adjustment sends. */
export const signedDelta = (direction: StockDirection, amount: number): number => (direction === 'remove' ? -amount : amount);

/** '+5', '−3' (a real minus sign), '0': a movement's change, its sign always shown. */
export function formatDelta(delta: number): string {
  if (delta > 0) return `+${formatCount(delta)}`;
  if (delta < 0) return `\u2212${formatCount(-delta)}`;
  return '0';
}

export interface StockFieldErrors {
  /** The amount (an adjustment) or the counted quantity (a stocktake). */
  amount?: string;
  reason?: string;
  note?: string;
  /** A refusal that belongs to no field (a network error, a deleted product). */
  form?: string;
}

/**
 * Where the server's answer to an adjustment or a stocktake is shown: its
 * field messages on their fields (delta or quantity on the amount), and a
 * sale larger than the stock ('Insufficient stock available', a conflict
 * without a field) on the amount too, since the amount is what to change.
 */
export function stockFieldErrors(error: unknown, fallback: string = ProductMessages.updateFailed): StockFieldErrors {
  const fields = extractFieldErrors(error);
  const errors: StockFieldErrors = {};
  const amount = fields.delta ?? fields.quantity;
  if (amount) errors.amount = amount;
  if (fields.reason) errors.reason = fields.reason;
  if (fields.note) errors.note = fields.note;
  if (Object.keys(errors).length > 0) return errors;
  const message = extractErrorMessage(error);
  const stockRefusal = message === ProductMessages.insufficientStock || message === ProductMessages.outOfStock;
  if (errorCodeOf(error) === 'CONFLICT' && stockRefusal) return { amount: message };
  return { form: serverMessageOr(error, fallback) };
}

export interface QuantityPoint {
  /** Milliseconds since the epoch. */
  time: number;
  quantity: number;
}

/** The chart's points, oldest first, from movements as the server sends them (newest first). */
export function quantityOverTime(movements: readonly { quantityAfter: number; createdAt: string }[]): QuantityPoint[] {
  return movements
    .map((movement) => ({ time: new Date(movement.createdAt).getTime(), quantity: movement.quantityAfter }))
    .filter((point) => !Number.isNaN(point.time))
    .reverse();
}

/** What the chart shows, in words, for a screen reader. */
export function quantityChartLabel(points: readonly QuantityPoint[]): string {
  if (points.length === 0) return 'Quantity over time: no movements';
  const last = points[points.length - 1].quantity;
  const low = Math.min(...points.map((point) => point.quantity));
  const high = Math.max(...points.map((point) => point.quantity));
  const movements = points.length === 1 ? '1 movement' : `${formatCount(points.length)} movements`;
  return `Quantity over the last ${movements}: from ${formatCount(points[0].quantity)} to ${formatCount(last)}, lowest ${formatCount(low)}, highest ${formatCount(high)}`;
}

const DAY = 24 * 60 * 60 * 1000;

/**
 * A tick of the chart's time axis, as precise as its span needs: with seconds
 * within ten minutes ('3:04:05 PM'), the time of day within two days ('3:04 PM'), the day within a year ('Mar 5'), else the
 * month ('Mar 2025'), so neighbouring ticks do not read the same.
 */
export function chartTimeLabel(time: number, spanMs: number): string {
  const at = new Date(time);
  if (Number.isNaN(at.getTime())) return '';
  if (spanMs < 10 * 60 * 1000) return formatTimeWithSeconds(at);
  if (spanMs < 2 * DAY) return formatTime(at);
  if (spanMs < 365 * DAY) return formatMonthDay(at);
  return formatMonthYear(at);
}
