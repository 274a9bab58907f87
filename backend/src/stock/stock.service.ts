import {
  Rules,
  StockCountFields,
  StockMovementListFields,
  ValidationMessages,
  defaultAdjustmentReason,
  validateField,
  validateFields,
  validateStockAdjustment,
  type StockAdjustmentReason,
} from '@stockroom/schema';
import { requireMember } from '../account/workspace-access';
import type { RequestContext } from '../account/context';
import { assertValid, canonicalId, ValidationError } from '../common/errors';
import { pageRequestOf, paginationOf, type Pagination } from '../common/pagination';
import type { Statement } from '../db/sql';
import { exactlyOnce, idempotencyKeyOf } from '../idempotency/exactly-once';
import { deletedLocationErrorOf } from '../locations/location.errors';
import { locationService, type LocationView } from '../locations/location.service';
import { productFromRow, type ProductRow } from '../product-record/product-columns';
import { currentOwnProduct, liveProductOf, readOwnProduct } from '../product-record/product-lookup';
import { ProductNotFoundError, stockShortageOf } from '../product-record/product.errors';
import type { ProductView } from '../product-record/product-view.types';
import { movementFromRow, type MovementRow } from './movement-view';
import { InsufficientStockError } from './stock.errors';
import { adjustStockStatement, countStockStatement, lockProductStatement } from './stock.queries';
import { locationOfRequest, refusingDeletedLocation, requireLocations } from './stock-locations';
import { movementCountStatement, movementPageStatement, stockLevelsStatement } from './stock-movement.queries';
import type { StockMovementView } from './stock-movement.types';

/** A stock adjustment as a transport parsed it; the service applies the rules. */
export type StockAdjustmentRequest = {
  delta?: unknown;
  reason?: unknown;
  note?: unknown;
  /** Where: left out or null, the workspace's default location. */
  locationId?: unknown;
};

/** A stocktake as a transport parsed it. */
export type StockCountRequest = {
  quantity?: unknown;
  note?: unknown;
  locationId?: unknown;
};

/** A product's stock at one location, the location named with its path. */
export interface StockLevelView {
  location: Pick<LocationView, 'id' | 'name' | 'path'>;
  quantity: number;
  /** The id of the product's newest movement there ('0' when none was recorded): what a count made now has seen. */
  ledgerPosition: string;
}

/** Where a product's stock is: its total and each location holding some, in the order of their paths. */
export interface ProductStockView {
  total: number;
  levels: StockLevelView[];
}

export type StockMovementListRequest = {
  page?: unknown;
  limit?: unknown;
};

export interface StockMovementPageResult {
  movements: StockMovementView[];
  pagination: Pagination;
}

/** Conditional updates tried before a stock change that keeps losing races is refused. */
const STOCK_ATTEMPTS = 3;

/**
 * Whether a count failed for having read its level before a concurrent change landed: the triggers'
 * serialization failure, or a total below 0 (a total less a level it no longer has). Worth counting again.
 */
function readStaleLevel(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '40001' || (code === '23514' && constraint === 'products_quantity_check');
}

/** A note trimmed; blank or null is none. */
export const cleanNote = (note: unknown) => (typeof note === 'string' && note.trim() ? note.trim() : null);

/** A validated page of a product's movements, newest first, with its pagination. */
async function movementPage(ctx: RequestContext, productId: string, workspaceId: string, request: StockMovementListRequest): Promise<StockMovementPageResult> {
  const { page, limit, offset } = pageRequestOf(request);
  const [rows, [{ total }]] = await Promise.all([
    ctx.sql.query<MovementRow>(movementPageStatement(productId, workspaceId, limit, offset)),
    ctx.sql.query<{ total: number }>(movementCountStatement(productId, workspaceId)),
  ]);
  return { movements: rows.map(movementFromRow), pagination: paginationOf(page, limit, total) };
}

/** An adjustment's conditional update, tried again while a concurrent change keeps it from landing. */
async function adjustOnce(
  ctx: RequestContext,
  id: string,
  workspaceId: string,
  actor: string,
  change: number,
  movement: { reason: StockAdjustmentReason; note: string | null },
  location: string | null,
): Promise<ProductView> {
  for (let attempt = 1; ; attempt++) {
    let row: ProductRow | undefined;
    try {
      [row] = await ctx.sql.query<ProductRow>(adjustStockStatement(id, workspaceId, change, Rules.quantity, movement, actor, location));
    } catch (error) {
      // The location holds less than the sale takes: refused as a sale beyond the product's stock is.
      const shortage = stockShortageOf(error);
      if (shortage) throw new InsufficientStockError(shortage.available);
      throw deletedLocationErrorOf(error) ?? error;
    }
    if (row) return productFromRow(row);
    const current = await currentOwnProduct(ctx, id, workspaceId);
    if (location) await requireLocations(ctx, [location]);
    const fits = validateField(Rules.quantity, current.quantity + change) === undefined;
    // A concurrent change made room after our update missed: try again rather than refuse a change that now fits.
    if (fits && attempt < STOCK_ATTEMPTS) continue;
    if (change < 0) throw new InsufficientStockError(current.quantity);
    // A delivery that would take the quantity past the quantity rule's maximum, in that rule's words.
    throw new ValidationError({ delta: ValidationMessages.maxValue(Rules.quantity.label, String(Rules.quantity.max)) });
  }
}

/** A stocktake's statement, made again holding the product when the level it read went stale meanwhile. */
async function countOnce(ctx: RequestContext, id: string, workspaceId: string, statement: Statement, location: string | null): Promise<ProductView> {
  let row: ProductRow | undefined;
  try {
    [row] = await ctx.sql.query<ProductRow>(statement);
  } catch (error) {
    if (!readStaleLevel(error)) throw deletedLocationErrorOf(error) ?? error;
    // A sale at the location landed while the count waited for the product, so the level it read was stale:
    // count again holding the product, so the level read is the one replaced. No row is not that: it is answered below.
    row = await refusingDeletedLocation(() =>
      ctx.sql.transaction(async (tx) => {
        await tx.query(lockProductStatement(id, workspaceId));
        return (await tx.query<ProductRow>(statement))[0];
      }),
    );
  }
  if (row) return productFromRow(row);
  await currentOwnProduct(ctx, id, workspaceId);
  if (location) await requireLocations(ctx, [location]);
  if (await liveProductOf(ctx, id, workspaceId)) {
    // The other locations' stock and this count together pass the quantity rule's maximum, in that rule's words.
    throw new ValidationError({ quantity: ValidationMessages.maxValue(Rules.quantity.label, String(Rules.quantity.max)) });
  }
  // Ours and present a moment ago: another request deleted it in between.
  throw new ProductNotFoundError();
}

/** The stock of the caller's products: adjustments, stocktakes and each product's ledger. Every change is one SQL statement. */
export const stockService = {
  /**
   * Sells (negative delta) or receives (positive) stock at a location (left
   * out: the workspace's default one) in one SQL statement, so concurrent
   * sales never take the location's stock below 0; the same statement
   * records the movement with its reason (left out: SALE for a sale, RECEIPT
   * for a delivery), note and location. With an idempotency key, a repeat
   * is answered as the first was and writes nothing (exactlyOnce).
   */
  async adjust(ctx: RequestContext, rawId: unknown, input: StockAdjustmentRequest, idempotencyKey?: unknown): Promise<ProductView> {
    const { user, workspaceId } = await requireMember(ctx, 'moveStock');
    const id = canonicalId(rawId);
    assertValid(validateStockAdjustment(input));
    const key = idempotencyKeyOf(idempotencyKey);
    const change = Number(input.delta);
    const movement = { reason: (input.reason as StockAdjustmentReason | null | undefined) ?? defaultAdjustmentReason(change), note: cleanNote(input.note) };
    const location = locationOfRequest(input);
    const request = { operation: 'adjustStock', id, change, ...movement, location };
    return exactlyOnce(ctx, { userId: user.id, workspaceId }, key, request, (ctx) => adjustOnce(ctx, id, workspaceId, user.id, change, movement, location));
  },

  /**
   * A stocktake of one of the caller's products at a location (left out: the
   * workspace's default one): the counted quantity becomes its stock there,
   * its quantity moves by the difference, recorded as a COUNT movement (0
   * when the count found what was expected: the count still happened).
   * With an idempotency key, a repeat is answered as the first was.
   */
  async count(ctx: RequestContext, rawId: unknown, input: StockCountRequest, idempotencyKey?: unknown): Promise<ProductView> {
    const { user, workspaceId } = await requireMember(ctx, 'moveStock');
    const id = canonicalId(rawId);
    assertValid(validateFields(StockCountFields, input));
    const key = idempotencyKeyOf(idempotencyKey);
    const location = locationOfRequest(input);
    const quantity = Number(input.quantity);
    const note = cleanNote(input.note);
    const statement = countStockStatement(id, workspaceId, quantity, note, user.id, location, Rules.quantity.max);
    const request = { operation: 'countStock', id, quantity, note, location };
    return exactlyOnce(ctx, { userId: user.id, workspaceId }, key, request, (ctx) => countOnce(ctx, id, workspaceId, statement, location), {
      goesOnAfterFailure: true,
    });
  },

  /** A page of the stock history of one of the caller's products, newest first; someone else's is 'Product not found'. */
  async movements(ctx: RequestContext, rawId: unknown, request: StockMovementListRequest): Promise<StockMovementPageResult> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    const id = canonicalId(rawId);
    assertValid(validateFields(StockMovementListFields, request));
    await readOwnProduct(ctx, id, workspaceId);
    return movementPage(ctx, id, workspaceId, request);
  },

  /**
   * The same history for a product already read for the caller (GraphQL's `Product.movements`), without
   * reading the product again, once per product of a listed page: the movements are read in the request's
   * workspace only, so another workspace's product has none.
   */
  async movementsOf(ctx: RequestContext, product: Pick<ProductView, 'id'>, request: StockMovementListRequest): Promise<StockMovementPageResult> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    assertValid(validateFields(StockMovementListFields, request));
    return movementPage(ctx, product.id, workspaceId, request);
  },
  /** Where one of the workspace's products is: its total and each location holding some; another workspace's is 'Product not found'. */
  async levels(ctx: RequestContext, rawId: unknown): Promise<ProductStockView> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    const id = canonicalId(rawId);
    const [product, levels, locations] = await Promise.all([
      readOwnProduct(ctx, id, workspaceId),
      ctx.sql.query<{ locationId: string; quantity: number; ledgerPosition: string }>(stockLevelsStatement(id, workspaceId)),
      locationService.list(ctx),
    ]);
    const byLocation = new Map(levels.map((level) => [level.locationId, level]));
    return {
      total: product.quantity,
      levels: locations
        .filter((location) => byLocation.has(location.id))
        .map(({ id: locationId, name, path }) => {
          const { quantity, ledgerPosition } = byLocation.get(locationId)!;
          return { location: { id: locationId, name, path }, quantity, ledgerPosition };
        }),
    };
  },
};
