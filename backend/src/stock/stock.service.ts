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
import { productFromRow, type ProductRow } from '../product-record/product-columns';
import { currentOwnProduct, readOwnProduct } from '../product-record/product-lookup';
import { ProductNotFoundError } from '../product-record/product.errors';
import type { ProductView } from '../product-record/product-view.types';
import { InsufficientStockError } from './stock.errors';
import { adjustStockStatement, countStockStatement } from './stock.queries';
import { movementCountStatement, movementPageStatement } from './stock-movement.queries';
import type { StockMovementView } from './stock-movement.types';

/** A stock adjustment as a transport parsed it; the service applies the rules. */
export type StockAdjustmentRequest = {
  delta?: unknown;
  reason?: unknown;
  note?: unknown;
};

/** A stocktake as a transport parsed it. */
export type StockCountRequest = {
  quantity?: unknown;
  note?: unknown;
};

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

interface MovementRow extends Omit<StockMovementView, 'createdAt' | 'user'> {
  createdAt: string | Date;
  userId: string | null;
  userFullName: string | null;
}

const movementFromRow = ({ userId, userFullName, createdAt, ...row }: MovementRow): StockMovementView => ({
  ...row,
  createdAt: new Date(createdAt),
  user: userId === null ? null : { id: userId, fullName: userFullName ?? '' },
});

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
   * Sells (negative delta) or receives (positive) stock in one SQL statement,
   * so concurrent sales never take the quantity below 0; the same statement
   * records the movement with its reason (left out: SALE for a sale, RECEIPT
   * for a delivery) and note.
   */
  async adjust(ctx: RequestContext, rawId: unknown, input: StockAdjustmentRequest): Promise<ProductView> {
    const { user, workspaceId } = await requireMember(ctx, 'moveStock');
    const id = canonicalId(rawId);
    assertValid(validateStockAdjustment(input));
    const change = Number(input.delta);
    const movement = { reason: (input.reason as StockAdjustmentReason | null | undefined) ?? defaultAdjustmentReason(change), note: cleanNote(input.note) };
    for (let attempt = 1; ; attempt++) {
      const [row] = await ctx.sql.query<ProductRow>(adjustStockStatement(id, workspaceId, change, Rules.quantity, movement, user.id));
      if (row) return productFromRow(row);
      const current = await currentOwnProduct(ctx, id, workspaceId);
      const fits = validateField(Rules.quantity, current.quantity + change) === undefined;
      // A concurrent change made room after our update missed: try again rather than refuse a change that now fits.
      if (fits && attempt < STOCK_ATTEMPTS) continue;
      if (change < 0) throw new InsufficientStockError(current.quantity);
      // A delivery that would take the quantity past the quantity rule's maximum, in that rule's words.
      throw new ValidationError({ delta: ValidationMessages.maxValue(Rules.quantity.label, String(Rules.quantity.max)) });
    }
  },

  /**
   * A stocktake of one of the caller's products: the counted quantity becomes
   * its quantity, and the difference is recorded as a COUNT movement (0 when
   * the count found what was expected: the count still happened).
   */
  async count(ctx: RequestContext, rawId: unknown, input: StockCountRequest): Promise<ProductView> {
    const { user, workspaceId } = await requireMember(ctx, 'moveStock');
    const id = canonicalId(rawId);
    assertValid(validateFields(StockCountFields, input));
    const [row] = await ctx.sql.query<ProductRow>(countStockStatement(id, workspaceId, Number(input.quantity), cleanNote(input.note), user.id));
    if (row) return productFromRow(row);
    await currentOwnProduct(ctx, id, workspaceId);
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
};
