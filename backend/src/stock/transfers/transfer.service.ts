import { GeneralMessages, isUuid, LocationMessages, TRANSFER_LINES_MAX, TransferFields, ValidationMessages, validateField, validateFields } from '@stockroom/schema';
import { randomUUID } from 'node:crypto';
import type { RequestContext } from '../../account/context';
import { requireMember } from '../../account/workspace-access';
import { assertValid, canonicalId, ValidationError } from '../../common/errors';
import { exactlyOnce, idempotencyKeyOf } from '../../idempotency/exactly-once';
import { deletedLocationErrorOf } from '../../locations/location.errors';
import { optionalIdOf } from '../../locations/location.service';
import { productFromRow, type ProductRow } from '../../product-record/product-columns';
import { liveProductOf, readOwnProduct } from '../../product-record/product-lookup';
import { NotEnoughStockAtError, ProductNotFoundError, stockShortageOf } from '../../product-record/product.errors';
import type { ProductView } from '../../product-record/product-view.types';
import { movementFromRow, type MovementRow } from '../movement-view';
import { cleanNote } from '../stock.service';
import { requireLocations } from '../stock-locations';
import { transferMovementsStatement } from '../stock-movement.queries';
import type { StockMovementView } from '../stock-movement.types';
import { transferBatchStatement, transferStatement, type TransferPlan } from './transfer.queries';

/** One product's transfer as a transport parsed it. */
export type StockTransferRequest = {
  fromLocationId?: unknown;
  toLocationId?: unknown;
  quantity?: unknown;
  note?: unknown;
};

/** Many products' transfer as a transport parsed it. */
export type StockTransferBatchRequest = {
  fromLocationId?: unknown;
  toLocationId?: unknown;
  lines?: unknown;
  note?: unknown;
};

/** A movement of a transfer, with the product it moved. */
export type TransferMovementView = StockMovementView & { productId: string };

/** A transfer's two ends: two different locations. */
function transferEnds(input: { fromLocationId?: unknown; toLocationId?: unknown }): { from: string; to: string } {
  const from = optionalIdOf(input.fromLocationId, 'fromLocationId');
  const to = optionalIdOf(input.toLocationId, 'toLocationId');
  const missing = { ...(from ? {} : { fromLocationId: ValidationMessages.required('From location') }), ...(to ? {} : { toLocationId: ValidationMessages.required('To location') }) };
  assertValid(missing);
  if (from === to) throw new ValidationError({ toLocationId: LocationMessages.sameLocation });
  return { from: from!, to: to! };
}

/**
 * Runs a transfer's statement, turning a location short of stock into 'Not enough stock at <name>'
 * and one deleted while the statement ran into 'Location not found'.
 */
async function refusingShortage<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const shortage = stockShortageOf(error);
    if (shortage) throw new NotEnoughStockAtError(shortage.location);
    throw deletedLocationErrorOf(error) ?? error;
  }
}

/** A transfer's lines, checked: 1 to TRANSFER_LINES_MAX products, each once, each with a quantity of at least 1. */
function transferLinesOf(raw: unknown): Array<{ productId: string; quantity: number }> {
  if (!Array.isArray(raw) || raw.length === 0) throw new ValidationError({ lines: LocationMessages.noLines });
  if (raw.length > TRANSFER_LINES_MAX) throw new ValidationError({ lines: LocationMessages.tooManyLines });
  const lines = raw.map((line: unknown, index) => {
    const { productId, quantity } = (typeof line === 'object' && line !== null ? line : {}) as { productId?: unknown; quantity?: unknown };
    const message = validateField(TransferFields.quantity, quantity);
    if (message) throw new ValidationError({ [`lines[${index}].quantity`]: message });
    if (!isUuid(productId)) throw new ValidationError({ [`lines[${index}].productId`]: GeneralMessages.invalidId });
    return { productId: productId.toLowerCase(), quantity: Number(quantity) };
  });
  if (new Set(lines.map((line) => line.productId)).size !== lines.length) throw new ValidationError({ lines: LocationMessages.repeatedProduct });
  return lines;
}

/** Stock moving between the workspace's locations, one product or many at once; the totals never change. */
export const transferService = {
  /**
   * Moves `quantity` of one product from one location to another (counters
   * and above): two movements in one statement, TRANSFER_OUT and
   * TRANSFER_IN, sharing a transfer id; the total does not change. Too
   * little at the source: 409 'Not enough stock at <its name>'. With an
   * idempotency key, a repeat is answered as the first was (exactlyOnce).
   */
  async transfer(ctx: RequestContext, rawId: unknown, input: StockTransferRequest, idempotencyKey?: unknown): Promise<{ product: ProductView; movements: StockMovementView[] }> {
    const { user, workspaceId } = await requireMember(ctx, 'moveStock');
    const id = canonicalId(rawId);
    assertValid(validateFields(TransferFields, input));
    const key = idempotencyKeyOf(idempotencyKey);
    const ends = transferEnds(input);
    const quantity = Number(input.quantity);
    const note = cleanNote(input.note);
    const request = { operation: 'transferStock', id, ...ends, quantity, note };
    return exactlyOnce(ctx, { userId: user.id, workspaceId }, key, request, async (ctx) => {
      const plan: TransferPlan = { transferId: randomUUID(), ...ends, note, actor: user.id };
      const [row] = await refusingShortage(() => ctx.sql.query<ProductRow>(transferStatement(id, workspaceId, quantity, plan)));
      if (!row) {
        await readOwnProduct(ctx, id, workspaceId);
        await requireLocations(ctx, [plan.from, plan.to]);
        throw new ProductNotFoundError();
      }
      const movements = await ctx.sql.query<MovementRow & { productId: string }>(transferMovementsStatement(plan.transferId, workspaceId));
      return { product: productFromRow(row), movements: movements.map(({ productId: _productId, ...movement }) => movementFromRow(movement)) };
    });
  },

  /**
   * Moves many products from one location to another at once (counters and
   * above), all or nothing: one statement, two movements per product sharing
   * one transfer id. A product or location not the workspace's is a 404;
   * too little of any product at the source refuses the whole transfer.
   * With an idempotency key, a repeat is answered as the first was.
   */
  async transferBatch(ctx: RequestContext, input: StockTransferBatchRequest, idempotencyKey?: unknown): Promise<{ transferId: string; movements: TransferMovementView[] }> {
    const { user, workspaceId } = await requireMember(ctx, 'moveStock');
    assertValid(validateFields({ note: TransferFields.note }, input));
    const key = idempotencyKeyOf(idempotencyKey);
    const lines = transferLinesOf(input.lines);
    const ends = transferEnds(input);
    const note = cleanNote(input.note);
    return exactlyOnce(ctx, { userId: user.id, workspaceId }, key, { operation: 'transferStockBatch', ...ends, lines, note }, async (ctx) => {
      const plan: TransferPlan = { transferId: randomUUID(), ...ends, note, actor: user.id };
      const moved = await refusingShortage(() => ctx.sql.query<{ id: string }>(transferBatchStatement(workspaceId, lines, plan)));
      if (moved.length === 0) {
        await requireLocations(ctx, [plan.from, plan.to]);
        for (const line of lines) if (!(await liveProductOf(ctx, line.productId, workspaceId))) throw new ProductNotFoundError();
      }
      const movements = await ctx.sql.query<MovementRow & { productId: string }>(transferMovementsStatement(plan.transferId, workspaceId));
      return { transferId: plan.transferId, movements: movements.map(movementFromRow) };
    });
  },
};
