import type { ProductSortField, SortOrder, StockMovementReason, StockStatus } from '@stockroom/schema';
import { logFrom, logStockAlertFrom } from '../../activity/activity.queries';
import { likePattern, type Statement } from '../../db/sql';
import { movementFrom } from '../../stock/stock-movement.queries';

/**
 * The SQL behind products, written out rather than built by the ORM: a page
 * is read as plain rows (no entity hydration), every write is one
 * conditional statement, and the bench baseline runs exactly these.
 */
export type { Statement };

export interface ProductFilter {
  ownerId: string;
  /** Case-insensitive substring of the name, the description, the category or the SKU, or exactly the barcode; `%` and `_` match themselves. */
  search?: string;
  category?: string;
  inStock?: boolean;
  stockStatus?: StockStatus;
}

export interface ProductPageQuery extends ProductFilter {
  sortBy: ProductSortField;
  sortOrder: SortOrder;
  limit: number;
  offset: number;
}

/** The columns of a product as both transports send it (see product.types.ts). */
export const PRODUCT_COLUMNS = `id, owner_id AS "owner", name, description, price::float8 AS price, category, quantity,
  quantity > 0 AS "inStock", reorder_level AS "reorderLevel", coalesce(quantity > 0 AND quantity <= reorder_level, false) AS "lowStock",
  image_url AS "imageUrl", sku, barcode, featured, created_at AS "createdAt", updated_at AS "updatedAt", version`;

/**
 * Each sort uses the owner-led index of the same order; `id` breaks ties so pages never overlap.
 * Columns are qualified: a bare `price` in ORDER BY names the output column `price::float8`,
 * which no index serves, so every price-sorted page sorted the whole catalogue.
 */
const ORDER_BY: Record<ProductSortField, string> = {
  name: 'lower(products.name) {dir}, products.id {dir}',
  price: 'products.price {dir}, products.id {dir}',
  date: 'products.created_at {dir}, products.id {dir}',
};

/** A product in the catalogue, not in the trash: the predicate of every index the catalogue's queries use. */
export const LIVE = 'deleted_at IS NULL';

/** A product whose SKU (ignoring case) or barcode is exactly the search term: what a scanner or a typed code means. */
const EXACT_CODE = '(lower(sku) = lower(?) AND sku IS NOT NULL) OR (barcode = ? AND barcode IS NOT NULL)';
const exactCodeValues = (filter: ProductFilter) => [filter.search, filter.search];

/** Low Stock's clause names the partial index's own predicate, so the planner reads only that index. */
const STOCK_STATUS_CLAUSE: Record<StockStatus, string> = {
  IN_STOCK: 'quantity > 0',
  LOW_STOCK: 'quantity > 0 AND quantity <= reorder_level',
  OUT_OF_STOCK: 'quantity = 0',
};

/**
 * The WHERE clause of the list's filter (the owner's live products it matches): the list, its counts, the export and bulk
 * selections share it. `deleted_at IS NULL` is every list index's own predicate, so trashed rows are never read.
 */
export function where(filter: ProductFilter): Statement {
  const clauses = ['owner_id = ?', LIVE];
  const values: unknown[] = [filter.ownerId];
  if (filter.search) {
    // Each ILIKE has its own trigram index and the exact SKU and barcode their owner-led ones, so the OR is a BitmapOr of index scans.
    clauses.push(`(name ILIKE ? ESCAPE '!' OR description ILIKE ? ESCAPE '!' OR category ILIKE ? ESCAPE '!' OR sku ILIKE ? ESCAPE '!' OR ${EXACT_CODE})`);
    const pattern = likePattern(filter.search);
    values.push(pattern, pattern, pattern, pattern, ...exactCodeValues(filter));
  }
  if (filter.category) {
    clauses.push('category = ?');
    values.push(filter.category);
  }
  if (filter.inStock !== undefined) clauses.push(filter.inStock ? 'quantity > 0' : 'quantity = 0');
  if (filter.stockStatus) clauses.push(STOCK_STATUS_CLAUSE[filter.stockStatus]);
  return { sql: clauses.join(' AND '), values };
}

export interface ProductSort {
  sortBy: ProductSortField;
  sortOrder: SortOrder;
}

/** The list's order: a search's exact SKU or barcode match leads, whatever the sort, since it is the product the code names. */
function orderBy(query: ProductFilter & ProductSort): Statement {
  const sorted = ORDER_BY[query.sortBy].replaceAll('{dir}', query.sortOrder === 'asc' ? 'ASC' : 'DESC');
  if (!query.search) return { sql: sorted, values: [] };
  return { sql: `(${EXACT_CODE.replaceAll('sku', 'products.sku').replaceAll('barcode', 'products.barcode')}) DESC, ${sorted}`, values: exactCodeValues(query) };
}

/**
 * The columns of an export, in the file's order, under the names its header
 * row gives them. Everything is text but the whole numbers: the price exact
 * to the cent as stored, `featured` as true/false, times in UTC ISO 8601.
 */
export const EXPORT_COLUMNS = {
  sku: 'sku',
  name: 'name',
  description: 'description',
  category: 'category',
  price: 'price::text',
  quantity: 'quantity',
  reorder_level: 'reorder_level',
  barcode: 'barcode',
  featured: 'featured::text',
  image_url: 'image_url',
  created_at: `to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  updated_at: `to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  id: 'id::text',
} as const;

export type ExportColumn = keyof typeof EXPORT_COLUMNS;

/** Every product the list's filter matches, in the list's order, as export rows (see EXPORT_COLUMNS); read through a cursor. */
export function productExportStatement(query: ProductFilter & ProductSort): Statement {
  const filter = where(query);
  const order = orderBy(query);
  return {
    sql: `SELECT ${Object.values(EXPORT_COLUMNS).join(', ')} FROM products WHERE ${filter.sql} ORDER BY ${order.sql}`,
    values: [...filter.values, ...order.values],
  };
}

/**
 * The page's ids come from the sort index alone (an index-only scan skips the
 * OFFSET rows without reading the table); only the page's own rows are read.
 */
export function productPageStatement(query: ProductPageQuery): Statement {
  const filter = where(query);
  const { sql: order, values: orderValues } = orderBy(query);
  return {
    sql: `SELECT ${PRODUCT_COLUMNS} FROM products
      JOIN (SELECT id FROM products WHERE ${filter.sql} ORDER BY ${order} LIMIT ? OFFSET ?) AS page USING (id)
      ORDER BY ${order}`,
    values: [...filter.values, ...orderValues, query.limit, query.offset, ...orderValues],
  };
}

/** True when the catalogue totals answer the count, so no rows need counting. */
export const countedByTotals = (filter: ProductFilter) => !filter.search && !filter.category && (filter.inStock === undefined || filter.stockStatus === undefined);

/** The running total that counts a stock filter's products. */
const TOTALS_COLUMN: Record<StockStatus, string> = { IN_STOCK: 'in_stock', LOW_STOCK: 'low_stock', OUT_OF_STOCK: 'total_products - in_stock' };

/**
 * How many products match. Without a search or category the running totals
 * answer it (one row); otherwise the matching rows are counted.
 */
export function productCountStatement(filter: ProductFilter): Statement {
  if (countedByTotals(filter)) {
    const status = filter.stockStatus ?? (filter.inStock === undefined ? undefined : filter.inStock ? 'IN_STOCK' : 'OUT_OF_STOCK');
    const column = status ? TOTALS_COLUMN[status] : 'total_products';
    return { sql: `SELECT coalesce((SELECT ${column} FROM catalogue_stats WHERE owner_id = ?), 0)::int AS total`, values: [filter.ownerId] };
  }
  const { sql, values } = where(filter);
  return { sql: `SELECT count(*)::int AS total FROM products WHERE ${sql}`, values };
}

/**
 * Counts the matching rows, but stops after `upTo` of them: a search that
 * matches a large part of a big catalogue would otherwise read all its
 * matches on every count (over 100 ms for 50,000 of 1,000,000 products).
 */
export function cappedMatchCountStatement(filter: ProductFilter, upTo: number): Statement {
  const { sql, values } = where(filter);
  return { sql: `SELECT count(*)::int AS total FROM (SELECT 1 FROM products WHERE ${sql} LIMIT ?) AS matching`, values: [...values, upTo] };
}

/** How many products the owner has (exact, from the running totals) and the whole table holds (the planner's figure), to size a sample. */
export function sampleSizesStatement(ownerId: string): Statement {
  return {
    sql: `SELECT coalesce((SELECT total_products FROM catalogue_stats WHERE owner_id = ?), 0)::int AS owned,
      greatest((SELECT reltuples FROM pg_class WHERE oid = 'products'::regclass), 0)::float8 AS "tableRows"`,
    values: [ownerId],
  };
}

/**
 * Of the owner's products on a random `percent` of the table's pages, how many
 * there are and how many match. The pages are the same from one call to the
 * next (a fixed seed), so an unchanged catalogue gets the same estimate and a
 * list's "about" figure does not jitter between requests.
 */
export function sampledMatchCountStatement(filter: ProductFilter, percent: number): Statement {
  const { sql, values } = where(filter);
  return {
    sql: `SELECT count(*) FILTER (WHERE ${sql})::int AS matched, count(*)::int AS sampled
      FROM products TABLESAMPLE SYSTEM (?) REPEATABLE (0) WHERE owner_id = ? AND ${LIVE}`,
    values: [...values, percent, filter.ownerId],
  };
}

export interface SampleSizes {
  owned: number;
  tableRows: number;
}

export interface Sample {
  matched: number;
  sampled: number;
}

/** A sample reads about as many of the owner's rows as the capped count did, and never fewer than this. */
const MIN_SAMPLED_ROWS = 2_000;
/** A sample reading more rows than this (an owner with a small share of a big table) is left to the planner. */
const MAX_ROWS_READ_BY_SAMPLE = 200_000;

const wantedSampleRows = (cap: number) => Math.max(cap, MIN_SAMPLED_ROWS);

/** The share of the table's pages to sample for about `cap` of the owner's rows; undefined when that would read too much. */
export function samplePercent({ owned, tableRows }: SampleSizes, cap: number): number | undefined {
  if (owned <= 0) return undefined;
  const percent = Math.min(100, (100 * wantedSampleRows(cap)) / owned);
  return (percent / 100) * Math.max(tableRows, owned) > MAX_ROWS_READ_BY_SAMPLE ? undefined : percent;
}

/** The matches the sample stands for: their share of the sampled rows times the owner's products; undefined for a sample too small to say. */
export function sampledMatchCount({ matched, sampled }: Sample, { owned }: SampleSizes, cap: number): number | undefined {
  return sampled < wantedSampleRows(cap) / 4 ? undefined : (matched / sampled) * owned;
}

/** The planner's estimate of how many products match (from the table's statistics; no row is read). */
export function estimatedMatchCountStatement(filter: ProductFilter): Statement {
  const { sql, values } = where(filter);
  return { sql: `EXPLAIN (FORMAT JSON) SELECT 1 FROM products WHERE ${sql}`, values };
}

/** The estimate's answer: the planner's row count, from `EXPLAIN (FORMAT JSON)`. */
export const plannedRows = (row: { 'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }> }) => row['QUERY PLAN'][0].Plan['Plan Rows'];

/**
 * A total past the exact-count cap, as the API reports it: the estimate to
 * two significant figures (an estimate of 48,712 is "about 49,000"), and
 * never below what is known for sure, that more than `cap` match.
 */
export const estimatedTotal = (plannedRowCount: number, cap: number) => Math.max(cap + 1, Number(Math.round(plannedRowCount).toPrecision(2)));

/** How many writes the owner's catalogue has seen ('0' before the first). */
export function catalogueChangesStatement(ownerId: string): Statement {
  return { sql: `SELECT coalesce((SELECT changes FROM catalogue_stats WHERE owner_id = ?), 0)::text AS changes`, values: [ownerId] };
}

/** Stats of the whole catalogue: the running totals the triggers keep (the value is summed exactly in NUMERIC). */
export function productStatsStatement(ownerId: string): Statement {
  return {
    sql: `SELECT coalesce(s.total_products, 0) AS "totalProducts", coalesce(s.in_stock, 0) AS "inStock",
      coalesce(s.total_products - s.in_stock, 0) AS "outOfStock", coalesce(s.low_stock, 0) AS "lowStock", coalesce(s.inventory_value, 0)::float8 AS "inventoryValue"
      FROM (SELECT ?::uuid AS owner_id) AS owner LEFT JOIN catalogue_stats AS s USING (owner_id)`,
    values: [ownerId],
  };
}

export function categoriesStatement(ownerId: string): Statement {
  return { sql: `SELECT DISTINCT category FROM products WHERE owner_id = ? AND ${LIVE} ORDER BY category`, values: [ownerId] };
}

export function featuredStatement(ownerId: string, limit: number): Statement {
  return {
    sql: `SELECT ${PRODUCT_COLUMNS} FROM products WHERE owner_id = ? AND featured AND ${LIVE} ORDER BY created_at DESC, id DESC LIMIT ?`,
    values: [ownerId, limit],
  };
}

/** A product of the catalogue by id (whoever owns it); a trashed one is not found. */
export function productByIdStatement(id: string): Statement {
  return { sql: `SELECT ${PRODUCT_COLUMNS} FROM products WHERE id = ? AND ${LIVE}`, values: [id] };
}

export interface NewProduct {
  ownerId: string;
  name: string;
  description: string;
  price: number;
  category: string;
  quantity: number;
  imageUrl: string | null;
  featured: boolean;
  sku: string | null;
  barcode: string | null;
  reorderLevel: number | null;
}

/** What a client may write, as the service has cleaned it. */
export type ProductWrite = Partial<Omit<NewProduct, 'ownerId'>>;

const WRITABLE_COLUMNS: Record<keyof ProductWrite, string> = {
  name: 'name',
  description: 'description',
  price: 'price',
  category: 'category',
  quantity: 'quantity',
  imageUrl: 'image_url',
  featured: 'featured',
  sku: 'sku',
  barcode: 'barcode',
  reorderLevel: 'reorder_level',
};

/**
 * One round trip: the row goes in, its INITIAL stock movement (of its whole
 * quantity, 0 included, so every product's history starts somewhere) and its
 * activity entry with it, and it comes back in the shape both transports send.
 */
export function insertProductStatement(product: NewProduct): Statement {
  const moved = movementFrom('created', { delta: 'quantity', reason: 'INITIAL' });
  return {
    sql: `WITH created AS (
        INSERT INTO products (id, owner_id, name, description, price, category, quantity, image_url, featured, sku, barcode, reorder_level)
        VALUES (gen_random_uuid(), ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING *),
      moved AS (${moved.sql}),
      logged AS (${logFrom('created', 'product_created')})
      SELECT ${PRODUCT_COLUMNS} FROM created`,
    values: [product.ownerId, product.name, product.description, product.price, product.category, product.quantity, product.imageUrl, product.featured, product.sku, product.barcode, product.reorderLevel, ...moved.values],
  };
}

/**
 * Writes the given fields of the owner's product, only at `version` when one
 * is given (optimistic locking in the WHERE clause, so two edits of the same
 * version can never both land). No row back means the product is missing,
 * someone else's, or changed since `version`. The row as it was (`before`) is
 * read under a row lock, so it is the row this write replaces even when a
 * sale landed while the statement waited: the activity entry names the fields
 * whose value really changed (a save that changed nothing logs nothing), and
 * a new quantity records a CORRECTION movement of exactly the difference.
 */
export function updateProductStatement(id: string, ownerId: string, changes: ProductWrite, version?: number): Statement {
  const entries = (Object.entries(changes) as Array<[keyof ProductWrite, unknown]>).filter(([, value]) => value !== undefined);
  const sets = [...entries.map(([key]) => `${WRITABLE_COLUMNS[key]} = ?`), 'version = products.version + 1', 'updated_at = now()'];
  const changed = entries.map(([key]) => `CASE WHEN products.${WRITABLE_COLUMNS[key]} IS DISTINCT FROM before.${WRITABLE_COLUMNS[key]} THEN '${key}' END`);
  const moved = changes.quantity === undefined ? undefined : movementFrom('updated', { delta: 'quantity - quantity_before', reason: 'CORRECTION', where: 'quantity <> quantity_before' });
  return {
    sql: `WITH before AS (SELECT * FROM products WHERE id = ? AND owner_id = ? AND ${LIVE} FOR UPDATE),
      updated AS (
        UPDATE products SET ${sets.join(', ')} FROM before
        WHERE products.id = before.id${version === undefined ? '' : ' AND products.version = ?'}
        RETURNING products.*, before.quantity AS quantity_before, before.reorder_level AS reorder_level_before,
          array_remove(ARRAY[${changed.join(', ')}]::text[], NULL) AS changed),${moved ? `
      moved AS (${moved.sql}),` : ''}
      alerted AS (${logStockAlertFrom('updated')}),
      logged AS (${logFrom('updated', 'product_updated', `jsonb_build_object('fields', to_jsonb(changed))`)} WHERE cardinality(changed) > 0)
      SELECT ${PRODUCT_COLUMNS} FROM updated`,
    values: [id, ownerId, ...entries.map(([, value]) => value), ...(version === undefined ? [] : [version]), ...(moved?.values ?? [])],
  };
}

/**
 * Moves the owner's product to the trash, leaving its row (id, SKU, stock
 * history) as it was for a restore; no row back means it is missing, already
 * in the trash, or someone else's.
 */
export function deleteProductStatement(id: string, ownerId: string): Statement {
  return {
    sql: `WITH removed AS (UPDATE products SET deleted_at = now() WHERE id = ? AND owner_id = ? AND ${LIVE} RETURNING id, owner_id, name),
      logged AS (${logFrom('removed', 'product_deleted')})
      SELECT id FROM removed`,
    values: [id, ownerId],
  };
}

/** Why a stock change happened and what the person wrote beside it. */
export interface MovementNote {
  reason: StockMovementReason;
  note?: string | null;
}

/**
 * Adds `delta` to the quantity in one statement, only if the result stays
 * within the quantity limits: concurrent sales can never oversell. It records
 * the movement and logs the change, the quantity left and the reason. No row
 * back means the product is missing, someone else's, or short of stock.
 */
export function adjustStockStatement(id: string, ownerId: string, delta: number, limits: { min: number; max: number }, movement: MovementNote): Statement {
  const moved = movementFrom('adjusted', { delta: '?::int', ...movement }, [delta]);
  return {
    sql: `WITH adjusted AS (
        UPDATE products SET quantity = quantity + ?, version = version + 1, updated_at = now()
        WHERE id = ? AND owner_id = ? AND ${LIVE} AND quantity + ? BETWEEN ? AND ?
        RETURNING *, quantity - ?::int AS quantity_before, reorder_level AS reorder_level_before),
      moved AS (${moved.sql}),
      alerted AS (${logStockAlertFrom('adjusted')}),
      logged AS (${logFrom('adjusted', 'stock_adjusted', `jsonb_build_object('delta', ?::int, 'quantity', quantity, 'reason', ?::text)`)})
      SELECT ${PRODUCT_COLUMNS} FROM adjusted`,
    values: [delta, id, ownerId, delta, limits.min, limits.max, delta, ...moved.values, delta, movement.reason],
  };
}

/**
 * A stocktake: the counted quantity becomes the product's, and the difference
 * is recorded as a COUNT movement. A count equal to the current quantity still
 * records the stocktake (a movement of 0) but leaves the version alone, so an
 * edit open in a form is not refused for it. The row as it was is read under
 * a row lock, so the difference is taken from the quantity this count
 * replaces, even when a sale landed while the statement waited. No row back
 * means the product is missing or someone else's.
 */
export function countStockStatement(id: string, ownerId: string, quantity: number, note: string | null): Statement {
  const moved = movementFrom('counted', { delta: 'delta', reason: 'COUNT', note });
  return {
    sql: `WITH before AS (SELECT id, quantity FROM products WHERE id = ? AND owner_id = ? AND ${LIVE} FOR UPDATE),
      counted AS (
        UPDATE products SET quantity = ?,
          version = products.version + CASE WHEN before.quantity = ? THEN 0 ELSE 1 END,
          updated_at = CASE WHEN before.quantity = ? THEN products.updated_at ELSE now() END
        FROM before WHERE products.id = before.id
        RETURNING products.*, products.quantity - before.quantity AS delta, before.quantity AS quantity_before, products.reorder_level AS reorder_level_before),
      moved AS (${moved.sql}),
      alerted AS (${logStockAlertFrom('counted')}),
      logged AS (${logFrom('counted', 'stock_adjusted', `jsonb_build_object('delta', delta, 'quantity', quantity, 'reason', 'COUNT')`)})
      SELECT ${PRODUCT_COLUMNS} FROM counted`,
    values: [id, ownerId, quantity, quantity, quantity, ...moved.values],
  };
}
