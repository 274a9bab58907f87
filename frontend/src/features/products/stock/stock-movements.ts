import { LocationMessages, ProductMessages, type StockAdjustmentReason } from '@stockroom/schema';
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

/** How a refusal for too little stock at one location begins ('Not enough stock at Back room'). */
const NOT_ENOUGH_AT = LocationMessages.notEnoughAt('');

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
  const stockRefusal = message === ProductMessages.insufficientStock || message === ProductMessages.outOfStock || message.startsWith(NOT_ENOUGH_AT);
  if (errorCodeOf(error) === 'CONFLICT' && stockRefusal) return { amount: message };
  return { form: serverMessageOr(error, fallback) };
}

export interface TransferFieldErrors {
  quantity?: string;
  /** Where the stock goes. */
  target?: string;
  note?: string;
  form?: string;
}

/**
 * Where the server's answer to a move between locations is shown: too little
 * at the source ('Not enough stock at Back room') on the quantity, since the
 * quantity is what to change; the same place twice on the target.
 */
export function transferFieldErrors(error: unknown): TransferFieldErrors {
  const fields = extractFieldErrors(error);
  const errors: TransferFieldErrors = {};
  if (fields.quantity) errors.quantity = fields.quantity;
  if (fields.toLocationId) errors.target = fields.toLocationId;
  if (fields.note) errors.note = fields.note;
  if (Object.keys(errors).length > 0) return errors;
  const message = extractErrorMessage(error);
  if (message.startsWith(NOT_ENOUGH_AT)) return { quantity: message };
  if (message === LocationMessages.sameLocation) return { target: message };
  return { form: serverMessageOr(error, ProductMessages.updateFailed) };
}

/** The place a stock dialog starts at: the workspace's default location, else the first. */
export const defaultLocationId = (locations: readonly { id: string; isDefault: boolean }[]): string | undefined =>
  (locations.find((location) => location.isDefault) ?? locations[0])?.id;

/** The stock at one location, 0 where the product has none. */
export const quantityAt = (levels: readonly { quantity: number; location: { id: string } }[], locationId: string | undefined): number =>
  levels.find((level) => level.location.id === locationId)?.quantity ?? 0;

/** A place the caller fixes for a stock dialog (a location's page scanning a product): no choice is offered. */
export interface StockPlace {
  id: string;
  name: string;
  /** The product's stock at this place itself, not below it. */
  quantity: number;
}

type LocationChoice = { id: string; isDefault: boolean };
type LevelAt = { quantity: number; location: { id: string } };

/** Where an adjustment is recorded: the fixed place; else the chosen one while it is offered, else the default one. */
export function adjustmentLocation(at: StockPlace | undefined, locations: readonly LocationChoice[], chosen: string | undefined): string | undefined {
  if (at) return at.id;
  return locations.some((option) => option.id === chosen) ? chosen : defaultLocationId(locations);
}

export interface CountTarget {
  /** Sent with the count; absent: the server counts the total at the default location. */
  locationId: string | undefined;
  /** What the system expects there, the counted field's first value. */
  expected: number;
  /** Whether the dialog offers a choice of places. */
  choosing: boolean;
}

/**
 * Where a stocktake counts and what it expects: a fixed place and its own
 * stock; with a choice of places (several, their levels known) the chosen one
 * (the default at first) and its level; otherwise the product's total, which
 * the server books at the default location. A fixed place never falls to the
 * total, however few places the workspace has.
 */
export function countTarget(
  { at, locations, levels, quantity }: { at?: StockPlace; locations: readonly LocationChoice[]; levels?: readonly LevelAt[]; quantity: number },
  chosen: string | undefined,
): CountTarget {
  if (at) return { locationId: at.id, expected: at.quantity, choosing: false };
  if (locations.length > 1 && levels !== undefined) {
    const locationId = adjustmentLocation(undefined, locations, chosen);
    return { locationId, expected: quantityAt(levels, locationId), choosing: true };
  }
  return { locationId: undefined, expected: quantity, choosing: false };
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
