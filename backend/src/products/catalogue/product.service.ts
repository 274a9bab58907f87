import {
  DEFAULT_PRODUCT_SORT,
  ProductFields,
  ProductListFields,
  Rules,
  StockCountFields,
  StockMovementListFields,
  ValidationMessages,
  defaultAdjustmentReason,
  isBlank,
  validateField,
  validateFields,
  validatePresentFields,
  validateStockAdjustment,
  withDraftDefaults,
  type ProductSortField,
  type StockAdjustmentReason,
  type StockStatus,
  type SortOrder,
} from '@stockroom/schema';
import { requireCallerRows } from '../../account/viewer';
import type { RequestContext } from '../../account/context';
import { assertValid, canonicalId, ValidationError } from '../../common/errors';
import type { Statement } from '../../db/sql';
import { DuplicateSkuError, InsufficientStockError, NotProductOwnerError, ProductNotFoundError, SKU_UNIQUE_INDEX, StaleProductError } from '../../product-record/product.errors';
import { CountCache } from './count-cache';
import { inventoryByCategoryStatement, needsReorderingStatement, reorderDueStatement, type CategoryRow } from './inventory.queries';
import {
  adjustStockStatement,
  cappedMatchCountStatement,
  catalogueChangesStatement,
  categoriesStatement,
  countedByTotals,
  countStockStatement,
  deleteProductStatement,
  estimatedMatchCountStatement,
  estimatedTotal,
  featuredStatement,
  insertProductStatement,
  plannedRows,
  productByIdStatement,
  productCountStatement,
  productExportStatement,
  productPageStatement,
  productStatsStatement,
  sampledMatchCount,
  sampledMatchCountStatement,
  samplePercent,
  sampleSizesStatement,
  updateProductStatement,
  EXPORT_COLUMNS,
  type ExportColumn,
  type NewProduct,
  type ProductFilter,
  type ProductWrite,
  type Sample,
  type SampleSizes,
} from './product.queries';
import { pageRequestOf, paginationOf, type Pagination } from '../../common/pagination';
import type { ProductStats, ProductView } from './product.types';
import { movementCountStatement, movementPageStatement } from '../../stock/stock-movement.queries';
import type { StockMovementView } from '../../stock/stock-movement.types';

/** What a caller may send to list products; each transport hands over what it parsed. */
export interface ProductListRequest {
  page?: unknown;
  limit?: unknown;
  search?: unknown;
  category?: unknown;
  inStock?: unknown;
  stockStatus?: unknown;
  sortBy?: unknown;
  sortOrder?: unknown;
}

export interface ProductPageResult {
  products: ProductView[];
  pagination: Pagination;
}

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

/** Rows an export reads from its cursor at once: enough to keep the round trips cheap, few enough to keep memory flat. */
const EXPORT_BATCH_ROWS = 1_000;

/** An export of the caller's catalogue: its column names, then its rows in batches, each row the columns' values in that order. */
export interface ProductExport {
  columns: ExportColumn[];
  batches: AsyncGenerator<unknown[][], void, undefined>;
}

/** Fields a client may write; `owner`, `version`, `createdAt` and `updatedAt` are the server's. */
export type ProductChanges = Partial<Record<keyof typeof ProductFields, unknown>>;

const FEATURED_LIMIT = 10;
/** The dashboard's "Needs reordering" panel lists this many at most; its count says how many there are in all. */
const NEEDS_REORDERING_LIMIT = 10;
/** Conditional updates tried before a stock change that keeps losing races is refused. */
const STOCK_ATTEMPTS = 3;

interface ProductRow extends Omit<ProductView, 'createdAt' | 'updatedAt'> {
  createdAt: string | Date;
  updatedAt: string | Date;
}

/** The driver hands timestamps over as text; both transports want dates. */
const fromRow = (row: ProductRow): ProductView => ({ ...row, createdAt: new Date(row.createdAt), updatedAt: new Date(row.updatedAt) });

/** Every product statement stands alone (a write and its activity entry are one statement), so none needs a transaction. */
const query = <T>(ctx: RequestContext, statement: Statement) => ctx.sql.query<T>(statement);

/** A text field as the rules check it: a string trimmed, anything else as it came. */
export const trimmed = (value: unknown) => (typeof value === 'string' ? value.trim() : value);

/** A request's list filters with search and category trimmed, ready for the rules. */
export const withTrimmedFilters = <T extends object>(request: T & { search?: unknown; category?: unknown }): Record<string, unknown> => ({
  ...request,
  search: trimmed(request.search),
  category: trimmed(request.category),
});

/** The list filters of input the rules passed: a blank or null one is no filter. The list, the export and a bulk selection read them alike. */
export function listFiltersOf(input: { search?: unknown; category?: unknown; inStock?: unknown; stockStatus?: unknown }) {
  return {
    search: (input.search as string | undefined) || undefined,
    category: (input.category as string | undefined) || undefined,
    inStock: (input.inStock ?? undefined) as boolean | undefined,
    stockStatus: ((input.stockStatus ?? undefined) as StockStatus | undefined) || undefined,
  };
}

function parseListRequest(request: ProductListRequest) {
  const input = withTrimmedFilters(request);
  assertValid(validateFields(ProductListFields, input));
  return {
    ...pageRequestOf(input),
    ...listFiltersOf(input),
    sortBy: isBlank(input.sortBy) ? DEFAULT_PRODUCT_SORT.sortBy : (input.sortBy as ProductSortField),
    sortOrder: isBlank(input.sortOrder) ? DEFAULT_PRODUCT_SORT.sortOrder : (input.sortOrder as SortOrder),
  };
}

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

/** Text trimmed; blank or null is none. */
const optionalText = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/**
 * Runs a product write, naming a SKU another of the owner's products already
 * has: the unique index decides, so two requests taking one SKU at once cannot both win.
 */
async function writeProduct(ctx: RequestContext, statement: Statement): Promise<ProductRow[]> {
  try {
    return await query<ProductRow>(ctx, statement);
  } catch (error) {
    const { code, constraint } = error as { code?: string; constraint?: string };
    if (code === '23505' && constraint === SKU_UNIQUE_INDEX) throw new DuplicateSkuError();
    throw error;
  }
}

/** Text trimmed, numbers as numbers, an empty (or null) image URL, SKU or barcode as none. */
function cleanChanges(changes: ProductChanges): ProductWrite {
  const clean: ProductWrite = {};
  if (changes.name !== undefined) clean.name = String(changes.name).trim();
  if (changes.description !== undefined) clean.description = String(changes.description).trim();
  if (changes.category !== undefined) clean.category = String(changes.category).trim();
  if (changes.price !== undefined) clean.price = Number(changes.price);
  if (changes.quantity !== undefined) clean.quantity = Number(changes.quantity);
  if (changes.imageUrl !== undefined) clean.imageUrl = typeof changes.imageUrl === 'string' && changes.imageUrl.trim() ? changes.imageUrl.trim() : null;
  if (changes.featured !== undefined) clean.featured = changes.featured as boolean;
  if (changes.sku !== undefined) clean.sku = optionalText(changes.sku);
  if (changes.barcode !== undefined) clean.barcode = optionalText(changes.barcode);
  if (changes.reorderLevel !== undefined) clean.reorderLevel = isBlank(changes.reorderLevel) ? null : Number(changes.reorderLevel);
  return clean;
}

/** How many products match a filter, and whether that is the planner's estimate rather than a count. */
interface MatchCount {
  total: number;
  isEstimate: boolean;
}

/**
 * An estimate stays in use while the catalogue has taken fewer than a tenth of the cap's worth
 * of writes since it was made (1,000 for the default cap): each product write is one statement
 * changing one product, so the matches have moved by less than a tenth of what the estimate
 * already stands for. Without this a shop selling ten times a second would recount its
 * customers' big searches after every sale.
 */
const ESTIMATE_WRITES_PER_CAP = 10;

/** One per process; right across instances because it is keyed by the database's `changes`. */
const searchCounts = new CountCache<MatchCount>();
/**
 * Counts running now, by filter and `changes`: after a write, every request
 * searching the same thing waits for one count instead of each running its own.
 */
const countsUnderWay = new Map<string, Promise<MatchCount>>();

/**
 * How many products match: from the running totals, a remembered count still
 * valid, or a fresh count that stops past the configured cap. Past the cap the
 * total is the planner's estimate, and says so: a shop that sells while
 * someone searches would otherwise recount every match of the search after
 * each sale.
 */
async function countMatching(ctx: RequestContext, filter: ProductFilter): Promise<MatchCount> {
  if (countedByTotals(filter)) return { total: (await query<{ total: number }>(ctx, productCountStatement(filter)))[0].total, isEstimate: false };
  const [{ changes }] = await query<{ changes: string }>(ctx, catalogueChangesStatement(filter.ownerId));
  const cap = ctx.config.productCountCap;
  const key = JSON.stringify([filter.ownerId, filter.search ?? null, filter.category ?? null, filter.inStock ?? null, filter.stockStatus ?? null, cap]);
  const cached = searchCounts.get(key, changes, (count, countedAt) => count.isEstimate && Number(changes) - Number(countedAt) < cap / ESTIMATE_WRITES_PER_CAP);
  if (cached !== undefined) return cached;
  const runningKey = `${key}@${changes}`;
  let running = countsUnderWay.get(runningKey);
  if (!running) {
    running = countUpToCap(ctx, filter, cap).finally(() => countsUnderWay.delete(runningKey));
    countsUnderWay.set(runningKey, running);
  }
  const count = await running;
  searchCounts.set(key, changes, count);
  return count;
}

/** The matching rows counted up to `cap`; past it, an estimate. */
async function countUpToCap(ctx: RequestContext, filter: ProductFilter, cap: number): Promise<MatchCount> {
  const [{ total }] = await query<{ total: number }>(ctx, cappedMatchCountStatement(filter, cap + 1));
  if (total <= cap) return { total, isEstimate: false };
  const sampled = await sampledEstimate(ctx, filter, cap);
  if (sampled !== undefined) return { total: estimatedTotal(sampled, cap), isEstimate: true };
  const [plan] = await query<Parameters<typeof plannedRows>[0]>(ctx, estimatedMatchCountStatement(filter));
  return { total: estimatedTotal(plannedRows(plan), cap), isEstimate: true };
}

/**
 * The planner's own estimate can be far off for a search: it treats a match
 * in the name and one in the description as independent, so "steel" (49,772
 * of 1,000,000 products) came out near 90,000. A sample of the owner's
 * products is within a few percent and costs about what the capped count
 * before it did. Undefined when a sample would cost too much or says too
 * little, so the caller falls back to the planner.
 */
async function sampledEstimate(ctx: RequestContext, filter: ProductFilter, cap: number): Promise<number | undefined> {
  const [sizes] = await query<SampleSizes>(ctx, sampleSizesStatement(filter.ownerId));
  const percent = samplePercent(sizes, cap);
  if (percent === undefined) return undefined;
  const [sample] = await query<Sample>(ctx, sampledMatchCountStatement(filter, percent));
  return sampledMatchCount(sample, sizes, cap);
}

/**
 * The pagination of a page of products. With an estimated total, what the
 * page itself shows wins: a page short of full is the last, so its end is
 * the exact total; a full page may have more behind it, so the total stays
 * past its end and Next stays offered (an empty next page then corrects it).
 */
function productPagination(page: number, limit: number, shown: number, { total, isEstimate }: MatchCount): Pagination {
  const upToThisPage = (page - 1) * limit + shown;
  if (!isEstimate || (shown > 0 && shown < limit)) return paginationOf(page, limit, isEstimate ? upToThisPage : total);
  const estimate = shown === 0 ? Math.min(total, upToThisPage) : Math.max(total, upToThisPage + 1);
  return paginationOf(page, limit, estimate, true);
}

/**
 * Every write is one conditional statement scoped to the owner; when it
 * matches no row this says why: 404 for a missing product, 403 for someone
 * else's. Otherwise it returns the product as it is now, for the caller to
 * name the remaining reason (a stale version, too little stock).
 */
async function currentOwnProduct(ctx: RequestContext, id: string, ownerId: string): Promise<ProductRow> {
  const [current] = await query<ProductRow>(ctx, productByIdStatement(id));
  if (!current) throw new ProductNotFoundError();
  if (current.owner !== ownerId) throw new NotProductOwnerError();
  return current;
}

/** One of the caller's products; a missing one and someone else's alike are 'Product not found', as if it did not exist. */
async function readOwnProduct(ctx: RequestContext, id: string, ownerId: string): Promise<ProductRow> {
  const [row] = await query<ProductRow>(ctx, productByIdStatement(id));
  if (!row || row.owner !== ownerId) throw new ProductNotFoundError();
  return row;
}

/** A validated page of a product's movements, newest first, with its pagination. */
async function movementPage(ctx: RequestContext, productId: string, request: StockMovementListRequest): Promise<StockMovementPageResult> {
  const { page, limit, offset } = pageRequestOf(request);
  const [rows, [{ total }]] = await Promise.all([
    query<MovementRow>(ctx, movementPageStatement(productId, limit, offset)),
    query<{ total: number }>(ctx, movementCountStatement(productId)),
  ]);
  return { movements: rows.map(movementFromRow), pagination: paginationOf(page, limit, total) };
}

export const productService = {
  /** One page of the caller's catalogue, filtered and sorted, with its pagination. */
  async list(ctx: RequestContext, request: ProductListRequest): Promise<ProductPageResult> {
    const { user } = await requireCallerRows(ctx, 'read');
    const { page, limit, offset, ...options } = parseListRequest(request);
    const filter = { ownerId: user.id, search: options.search, category: options.category, inStock: options.inStock, stockStatus: options.stockStatus };
    const [rows, count] = await Promise.all([
      query<ProductRow>(ctx, productPageStatement({ ...filter, sortBy: options.sortBy, sortOrder: options.sortOrder, limit, offset })),
      countMatching(ctx, filter),
    ]);
    return { products: rows.map(fromRow), pagination: productPagination(page, limit, rows.length, count) };
  },

  /**
   * Every product of the caller's catalogue the list's filters match, in the
   * list's order (page and limit are checked like the list's, then ignored).
   * The rows are read through a cursor as the consumer asks for them; a
   * consumer that stops early must `return()` the batches to free the connection.
   */
  async exportRows(ctx: RequestContext, request: ProductListRequest): Promise<ProductExport> {
    const { user } = await requireCallerRows(ctx, 'read');
    const { search, category, inStock, stockStatus, sortBy, sortOrder } = parseListRequest(request);
    const statement = productExportStatement({ ownerId: user.id, search, category, inStock, stockStatus, sortBy, sortOrder });
    return { columns: Object.keys(EXPORT_COLUMNS) as ExportColumn[], batches: ctx.sql.batches(statement, EXPORT_BATCH_ROWS) };
  },

  /** One of the caller's products; someone else's is 'Product not found', as if it did not exist. */
  async get(ctx: RequestContext, rawId: unknown): Promise<ProductView> {
    const { user } = await requireCallerRows(ctx, 'read');
    const row = await readOwnProduct(ctx, canonicalId(rawId), user.id);
    return fromRow(row);
  },

  /** Totals of the whole catalogue, from the running totals the triggers keep. */
  async stats(ctx: RequestContext): Promise<ProductStats> {
    const { user } = await requireCallerRows(ctx, 'read');
    const [stats] = await query<ProductStats>(ctx, productStatsStatement(user.id));
    return stats;
  },

  /** Per category of the caller's catalogue: how many products, how many in stock and their value, most valuable first. */
  async inventoryByCategory(ctx: RequestContext): Promise<CategoryRow[]> {
    const { user } = await requireCallerRows(ctx, 'read');
    return query<CategoryRow>(ctx, inventoryByCategoryStatement(user.id));
  },

  /** The products most in need of reordering (out of stock first, then furthest below their level) and how many need it in all. */
  async needsReordering(ctx: RequestContext): Promise<{ count: number; products: ProductView[] }> {
    const { user } = await requireCallerRows(ctx, 'read');
    const [rows, [due]] = await Promise.all([
      query<ProductRow>(ctx, needsReorderingStatement(user.id, NEEDS_REORDERING_LIMIT)),
      query<{ count: number }>(ctx, reorderDueStatement(user.id)),
    ]);
    return { count: due.count, products: rows.map(fromRow) };
  },

  /** The caller's categories, sorted, for the form's suggestions and the filter. */
  async categories(ctx: RequestContext): Promise<string[]> {
    const { user } = await requireCallerRows(ctx, 'read');
    return (await query<{ category: string }>(ctx, categoriesStatement(user.id))).map((row) => row.category);
  },

  /** The caller's featured products, newest first. */
  async featured(ctx: RequestContext): Promise<ProductView[]> {
    const { user } = await requireCallerRows(ctx, 'read');
    return (await query<ProductRow>(ctx, featuredStatement(user.id, FEATURED_LIMIT))).map(fromRow);
  },

  /**
   * Adds a product to the caller's catalogue; description, category and
   * quantity left out or blank take the draft values (sent as null, they are
   * refused like any other missing required value).
   */
  async create(ctx: RequestContext, input: ProductChanges): Promise<ProductView> {
    const { user } = await requireCallerRows(ctx, 'write');
    const withDefaults = withDraftDefaults(input);
    assertValid(validateFields(ProductFields, withDefaults));
    // Validated above, so every required field is present.
    const {
      imageUrl = null,
      featured = false,
      sku = null,
      barcode = null,
      reorderLevel = null,
      ...required
    } = cleanChanges(withDefaults) as Omit<NewProduct, 'ownerId' | 'imageUrl' | 'featured' | 'sku' | 'barcode' | 'reorderLevel'> &
      Partial<Pick<NewProduct, 'imageUrl' | 'featured' | 'sku' | 'barcode' | 'reorderLevel'>>;
    const [row] = await writeProduct(ctx, insertProductStatement({ ...required, imageUrl, featured, sku, barcode, reorderLevel, ownerId: user.id }));
    return fromRow(row);
  },

  /**
   * Changes the given fields of one of the caller's products. With `version`,
   * the change applies only to that version: a stale edit gets a conflict
   * instead of silently overwriting someone else's.
   */
  async update(ctx: RequestContext, rawId: unknown, input: ProductChanges & { version?: unknown }): Promise<ProductView> {
    const { user } = await requireCallerRows(ctx, 'write');
    const { version, ...changes } = input;
    assertValid(validatePresentFields({ ...ProductFields, version: Rules.version }, { ...changes, version }));
    const id = canonicalId(rawId);
    const expected = version === undefined ? undefined : Number(version);
    const clean = cleanChanges(changes);
    if (Object.keys(clean).length) {
      const [row] = await writeProduct(ctx, updateProductStatement(id, user.id, clean, expected));
      if (row) return fromRow(row);
      // It exists and is the caller's, so only the version can have refused the write.
      await currentOwnProduct(ctx, id, user.id);
      throw new StaleProductError();
    }
    // Nothing to write: answer as a write would have, without bumping the version.
    const current = await currentOwnProduct(ctx, id, user.id);
    if (expected !== undefined && expected !== current.version) throw new StaleProductError();
    return fromRow(current);
  },

  /** Moves one of the caller's products to the trash (restorable until housekeeping purges it); returns its id. */
  async remove(ctx: RequestContext, rawId: unknown): Promise<string> {
    const { user } = await requireCallerRows(ctx, 'write');
    const id = canonicalId(rawId);
    const [row] = await query<{ id: string }>(ctx, deleteProductStatement(id, user.id));
    if (row) return row.id;
    await currentOwnProduct(ctx, id, user.id);
    // Ours and present a moment ago: another request deleted it in between.
    throw new ProductNotFoundError();
  },

  /**
   * Sells (negative delta) or receives (positive) stock in one SQL statement,
   * so concurrent sales never take the quantity below 0; the same statement
   * records the movement with its reason (left out: SALE for a sale, RECEIPT
   * for a delivery) and note.
   */
  async adjustStock(ctx: RequestContext, rawId: unknown, input: StockAdjustmentRequest): Promise<ProductView> {
    const { user } = await requireCallerRows(ctx, 'write');
    const id = canonicalId(rawId);
    assertValid(validateStockAdjustment(input));
    const change = Number(input.delta);
    const movement = { reason: (input.reason as StockAdjustmentReason | null | undefined) ?? defaultAdjustmentReason(change), note: cleanNote(input.note) };
    for (let attempt = 1; ; attempt++) {
      const [row] = await query<ProductRow>(ctx, adjustStockStatement(id, user.id, change, Rules.quantity, movement));
      if (row) return fromRow(row);
      const current = await currentOwnProduct(ctx, id, user.id);
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
  async countStock(ctx: RequestContext, rawId: unknown, input: StockCountRequest): Promise<ProductView> {
    const { user } = await requireCallerRows(ctx, 'write');
    const id = canonicalId(rawId);
    assertValid(validateFields(StockCountFields, input));
    const [row] = await query<ProductRow>(ctx, countStockStatement(id, user.id, Number(input.quantity), cleanNote(input.note)));
    if (row) return fromRow(row);
    await currentOwnProduct(ctx, id, user.id);
    // Ours and present a moment ago: another request deleted it in between.
    throw new ProductNotFoundError();
  },

  /** A page of the stock history of one of the caller's products, newest first; someone else's is 'Product not found'. */
  async movements(ctx: RequestContext, rawId: unknown, request: StockMovementListRequest): Promise<StockMovementPageResult> {
    const { user } = await requireCallerRows(ctx, 'read');
    const id = canonicalId(rawId);
    assertValid(validateFields(StockMovementListFields, request));
    await readOwnProduct(ctx, id, user.id);
    return movementPage(ctx, id, request);
  },

  /**
   * The same history for a product already read for the caller (GraphQL's `Product.movements`): its owner is
   * checked against the caller without reading the product again, once per product of a listed page.
   */
  async movementsOf(ctx: RequestContext, product: Pick<ProductView, 'id' | 'owner'>, request: StockMovementListRequest): Promise<StockMovementPageResult> {
    const { user } = await requireCallerRows(ctx, 'read');
    assertValid(validateFields(StockMovementListFields, request));
    if (product.owner !== user.id) throw new ProductNotFoundError();
    return movementPage(ctx, product.id, request);
  },
};
