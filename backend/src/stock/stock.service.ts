import {
  GeneralMessages,
  isUuid,
  LocationMessages,
  Rules,
  StockCountFields,
  TRANSFER_LINES_MAX,
  TransferFields,
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
import { randomUUID } from 'node:crypto';
import { assertValid, canonicalId, ValidationError } from '../common/errors';
import { deletedLocationErrorOf, LocationNotFoundError } from '../locations/location.errors';
import { locationService, optionalIdOf, type LocationView } from '../locations/location.service';
import { pageRequestOf, paginationOf, type Pagination } from '../common/pagination';
import { productFromRow, type ProductRow } from '../product-record/product-columns';
import { currentOwnProduct, liveProductOf, readOwnProduct } from '../product-record/product-lookup';
import { NotEnoughStockAtError, ProductNotFoundError, stockShortageOf } from '../product-record/product.errors';
import type { ProductView } from '../product-record/product-view.types';
import { InsufficientStockError } from './stock.errors';
import { adjustStockStatement, countStockStatement, lockProductStatement } from './stock.queries';
import { movementCountStatement, movementPageStatement, stockLevelsStatement, transferMovementsStatement } from './stock-movement.queries';
import { transferBatchStatement, transferStatement, type TransferPlan } from './transfer.queries';
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

/** A product's stock at one location, the location named with its path. */
export interface StockLevelView {
  location: Pick<LocationView, 'id' | 'name' | 'path'>;
  quantity: number;
}

/** Where a product's stock is: its total and each location holding some, in the order of their paths. */
export interface ProductStockView {
  total: number;
  levels: StockLevelView[];
}

/** A movement of a transfer, with the product it moved. */
export type TransferMovementView = StockMovementView & { productId: string };

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

interface MovementRow extends Omit<StockMovementView, 'createdAt' | 'user' | 'location'> {
  createdAt: string | Date;
  userId: string | null;
  userFullName: string | null;
  locationId: string | null;
  locationName: string | null;
}

const movementFromRow = <R extends MovementRow>({ userId, userFullName, createdAt, locationId, locationName, ...row }: R) => ({
  ...row,
  createdAt: new Date(createdAt),
  user: userId === null ? null : { id: userId, fullName: userFullName ?? '' },
  location: locationId === null ? null : { id: locationId, name: locationName ?? '' },
});

/**
 * Whether a count failed for having read its level before a concurrent change landed: the triggers'
 * serialization failure, or a total below 0 (a total less a level it no longer has). Worth counting again.
 */
function readStaleLevel(error: unknown): boolean {
  const { code, constraint } = error as { code?: string; constraint?: string };
  return code === '40001' || (code === '23514' && constraint === 'products_quantity_check');
}

/** A stock change's location: an id, or null for the workspace's default one. */
function locationOfRequest(input: { locationId?: unknown }): string | null {
  return optionalIdOf(input.locationId, 'locationId');
}

/** A transfer's two ends: two different locations. */
function transferEnds(input: { fromLocationId?: unknown; toLocationId?: unknown }): { from: string; to: string } {
  const from = optionalIdOf(input.fromLocationId, 'fromLocationId');
  const to = optionalIdOf(input.toLocationId, 'toLocationId');
  const missing = { ...(from ? {} : { fromLocationId: ValidationMessages.required('From location') }), ...(to ? {} : { toLocationId: ValidationMessages.required('To location') }) };
  assertValid(missing);
  if (from === to) throw new ValidationError({ toLocationId: LocationMessages.sameLocation });
  return { from: from!, to: to! };
}

/** Both locations of a transfer that matched nothing are the workspace's, or 'Location not found'. */
async function requireLocations(ctx: RequestContext, ids: string[]): Promise<void> {
  const known = new Set((await locationService.list(ctx)).map((location) => location.id));
  if (!ids.every((id) => known.has(id))) throw new LocationNotFoundError();
}

/** Runs a stock write, turning a location deleted while it ran into 'Location not found'. */
async function refusingDeletedLocation<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    throw deletedLocationErrorOf(error) ?? error;
  }
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

/** The stock of the caller's products: adjustments, stocktakes and each product's ledger. Every change is one SQL statement. */
export const stockService = {
  /**
   * Sells (negative delta) or receives (positive) stock at a location (left
   * out: the workspace's default one) in one SQL statement, so concurrent
   * sales never take the location's stock below 0; the same statement
   * records the movement with its reason (left out: SALE for a sale, RECEIPT
   * for a delivery), note and location.
   */
  async adjust(ctx: RequestContext, rawId: unknown, input: StockAdjustmentRequest): Promise<ProductView> {
    const { user, workspaceId } = await requireMember(ctx, 'moveStock');
    const id = canonicalId(rawId);
    assertValid(validateStockAdjustment(input));
    const change = Number(input.delta);
    const movement = { reason: (input.reason as StockAdjustmentReason | null | undefined) ?? defaultAdjustmentReason(change), note: cleanNote(input.note) };
    const location = locationOfRequest(input);
    for (let attempt = 1; ; attempt++) {
      let row: ProductRow | undefined;
      try {
        [row] = await ctx.sql.query<ProductRow>(adjustStockStatement(id, workspaceId, change, Rules.quantity, movement, user.id, location));
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
  },

  /**
   * A stocktake of one of the caller's products at a location (left out: the
   * workspace's default one): the counted quantity becomes its stock there,
   * its quantity moves by the difference, recorded as a COUNT movement (0
   * when the count found what was expected: the count still happened).
   */
  async count(ctx: RequestContext, rawId: unknown, input: StockCountRequest): Promise<ProductView> {
    const { user, workspaceId } = await requireMember(ctx, 'moveStock');
    const id = canonicalId(rawId);
    assertValid(validateFields(StockCountFields, input));
    const location = locationOfRequest(input);
    const statement = countStockStatement(id, workspaceId, Number(input.quantity), cleanNote(input.note), user.id, location, Rules.quantity.max);
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
      ctx.sql.query<{ locationId: string; quantity: number }>(stockLevelsStatement(id, workspaceId)),
      locationService.list(ctx),
    ]);
    const quantities = new Map(levels.map((level) => [level.locationId, level.quantity]));
    return {
      total: product.quantity,
      levels: locations.filter((location) => quantities.has(location.id)).map(({ id: locationId, name, path }) => ({ location: { id: locationId, name, path }, quantity: quantities.get(locationId)! })),
    };
  },

  /**
   * Moves `quantity` of one product from one location to another (counters
   * and above): two movements in one statement, TRANSFER_OUT and
   * TRANSFER_IN, sharing a transfer id; the total does not change. Too
   * little at the source: 409 'Not enough stock at <its name>'.
   */
  async transfer(ctx: RequestContext, rawId: unknown, input: StockTransferRequest): Promise<{ product: ProductView; movements: StockMovementView[] }> {
    const { user, workspaceId } = await requireMember(ctx, 'moveStock');
    const id = canonicalId(rawId);
    assertValid(validateFields(TransferFields, input));
    const plan: TransferPlan = { transferId: randomUUID(), ...transferEnds(input), note: cleanNote(input.note), actor: user.id };
    const [row] = await refusingShortage(() => ctx.sql.query<ProductRow>(transferStatement(id, workspaceId, Number(input.quantity), plan)));
    if (!row) {
      await readOwnProduct(ctx, id, workspaceId);
      await requireLocations(ctx, [plan.from, plan.to]);
      throw new ProductNotFoundError();
    }
    const movements = await ctx.sql.query<MovementRow & { productId: string }>(transferMovementsStatement(plan.transferId, workspaceId));
    return { product: productFromRow(row), movements: movements.map(({ productId: _productId, ...movement }) => movementFromRow(movement)) };
  },

  /**
   * Moves many products from one location to another at once (counters and
   * above), all or nothing: one statement, two movements per product sharing
   * one transfer id. A product or location not the workspace's is a 404;
   * too little of any product at the source refuses the whole transfer.
   */
  async transferBatch(ctx: RequestContext, input: StockTransferBatchRequest): Promise<{ transferId: string; movements: TransferMovementView[] }> {
    const { user, workspaceId } = await requireMember(ctx, 'moveStock');
    assertValid(validateFields({ note: TransferFields.note }, input));
    const lines = transferLinesOf(input.lines);
    const plan: TransferPlan = { transferId: randomUUID(), ...transferEnds(input), note: cleanNote(input.note), actor: user.id };
    const moved = await refusingShortage(() => ctx.sql.query<{ id: string }>(transferBatchStatement(workspaceId, lines, plan)));
    if (moved.length === 0) {
      await requireLocations(ctx, [plan.from, plan.to]);
      for (const line of lines) if (!(await liveProductOf(ctx, line.productId, workspaceId))) throw new ProductNotFoundError();
    }
    const movements = await ctx.sql.query<MovementRow & { productId: string }>(transferMovementsStatement(plan.transferId, workspaceId));
    return { transferId: plan.transferId, movements: movements.map(movementFromRow) };
  },
};

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
