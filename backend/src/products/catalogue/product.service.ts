import {
  ProductFields,
  Rules,
  WRITABLE_PRODUCT_FIELDS,
  blankProductValues,
  isBlank,
  validateFields,
  validatePresentFields,
  withDraftDefaults,
  writableField,
  type WritableProductField,
} from '@stockroom/schema';
import { requireMember } from '../../account/workspace-access';
import type { RequestContext } from '../../account/context';
import { assertValid, canonicalId } from '../../common/errors';
import type { Pagination } from '../../common/pagination';
import type { Statement } from '../../db/sql';
import { productFromRow, type ProductRow } from '../../product-record/product-columns';
import { currentOwnProduct, readOwnProduct } from '../../product-record/product-lookup';
import { ProductNotFoundError, StaleProductError, duplicateCodeErrorOf, stockShortErrorOf } from '../../product-record/product.errors';
import type { ProductView } from '../../product-record/product-view.types';
import { parseListRequest, type ProductListRequest } from '../list-query/product-list-request';
import { locationService } from '../../locations/location.service';
import { countMatching, productPagination } from './match-count';
import { withFewSearchMatches } from './search-matches';
import {
  categoriesStatement,
  deleteProductStatement,
  featuredStatement,
  insertProductStatement,
  productPageStatement,
  productStatsStatement,
  updateProductStatement,
  type NewProduct,
  type ProductWrite,
} from './product.queries';
import type { ProductStats } from './product.types';

export interface ProductPageResult {
  products: ProductView[];
  pagination: Pagination;
}

/** Fields a client may write; `owner`, `version`, `createdAt` and `updatedAt` are the server's. */
export type ProductChanges = Partial<Record<keyof typeof ProductFields, unknown>>;

const FEATURED_LIMIT = 10;

/** Every product statement stands alone (a write and its activity entry are one statement), so none needs a transaction. */
const query = <T>(ctx: RequestContext, statement: Statement) => ctx.sql.query<T>(statement);

/** Text trimmed; blank or null is none. */
const optionalText = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);

/** Runs a product write; a SKU or barcode another of the owner's products already has is that code's 409. */
async function writeProduct(ctx: RequestContext, statement: Statement): Promise<ProductRow[]> {
  try {
    return await query<ProductRow>(ctx, statement);
  } catch (error) {
    throw duplicateCodeErrorOf(error) ?? stockShortErrorOf(error) ?? error;
  }
}

/** A valid value as it is stored, by the field's type: text trimmed, numbers as numbers, a blank optional value (image URL, SKU, reorder level...) as none. */
function cleanValue(field: WritableProductField, value: unknown): unknown {
  if (field.nullable && (field.type === 'text' ? optionalText(value) === null : isBlank(value))) return null;
  switch (field.type) {
    case 'text':
      return String(value).trim();
    case 'money':
    case 'integer':
      return Number(value);
    case 'boolean':
      return value as boolean;
  }
}

/** The changes given, each cleaned by its field's type. */
function cleanChanges(changes: ProductChanges): ProductWrite {
  const given = WRITABLE_PRODUCT_FIELDS.filter((name) => changes[name] !== undefined);
  return Object.fromEntries(given.map((name) => [name, cleanValue(writableField(name), changes[name])])) as ProductWrite;
}

/** The caller's catalogue: the list, one product, its figures, and one product's create, edit and delete. */
export const productService = {
  /** One page of the caller's catalogue, filtered and sorted, with its pagination. */
  async list(ctx: RequestContext, request: ProductListRequest): Promise<ProductPageResult> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    const { page, limit, offset, ...options } = parseListRequest(request);
    // A location filter names one of the workspace's locations; another's is 'Location not found'.
    const locationIds = options.locationId ? await locationService.subtreeIds(ctx, options.locationId) : undefined;
    const filter = await withFewSearchMatches(ctx, {
      workspaceId,
      search: options.search,
      category: options.category,
      inStock: options.inStock,
      stockStatus: options.stockStatus,
      locationIds,
    });
    const [rows, count] = await Promise.all([
      query<ProductRow>(ctx, productPageStatement({ ...filter, sortBy: options.sortBy, sortOrder: options.sortOrder, limit, offset })),
      countMatching(ctx, filter),
    ]);
    return { products: rows.map(productFromRow), pagination: productPagination(page, limit, rows.length, count) };
  },

  /** One of the caller's products; someone else's is 'Product not found', as if it did not exist. */
  async get(ctx: RequestContext, rawId: unknown): Promise<ProductView> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    const row = await readOwnProduct(ctx, canonicalId(rawId), workspaceId);
    return productFromRow(row);
  },

  /** Totals of the whole catalogue, from the running totals the triggers keep. */
  async stats(ctx: RequestContext): Promise<ProductStats> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    const [stats] = await query<ProductStats>(ctx, productStatsStatement(workspaceId));
    return stats;
  },

  /** The caller's categories, sorted, for the form's suggestions and the filter. */
  async categories(ctx: RequestContext): Promise<string[]> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    return (await query<{ category: string }>(ctx, categoriesStatement(workspaceId))).map((row) => row.category);
  },

  /** The caller's featured products, newest first. */
  async featured(ctx: RequestContext): Promise<ProductView[]> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    return (await query<ProductRow>(ctx, featuredStatement(workspaceId, FEATURED_LIMIT))).map(productFromRow);
  },

  /**
   * Adds a product to the caller's catalogue; description, category and
   * quantity left out or blank take the draft values (sent as null, they are
   * refused like any other missing required value).
   */
  async create(ctx: RequestContext, input: ProductChanges): Promise<ProductView> {
    const { user, workspaceId } = await requireMember(ctx, 'editProducts');
    const withDefaults = withDraftDefaults(input);
    assertValid(validateFields(ProductFields, withDefaults));
    // Validated above, so every required field is present; an optional one left out is none (featured: false).
    const product: NewProduct = { ...blankProductValues(), ...cleanChanges(withDefaults), workspaceId };
    const [row] = await writeProduct(ctx, insertProductStatement(product, user.id));
    return productFromRow(row);
  },

  /**
   * Changes the given fields of one of the caller's products. With `version`,
   * the version the caller read, a field it sends that someone else changed
   * since to another value is a conflict instead of a silent overwrite; a
   * change of the other fields since (a sale is one of the quantity) is not,
   * and the product keeps it. A client sends the fields it changed.
   */
  async update(ctx: RequestContext, rawId: unknown, input: ProductChanges & { version?: unknown }): Promise<ProductView> {
    const { user, workspaceId } = await requireMember(ctx, 'editProducts');
    const { version, ...changes } = input;
    assertValid(validatePresentFields({ ...ProductFields, version: Rules.version }, { ...changes, version }));
    const id = canonicalId(rawId);
    const expected = version === undefined ? undefined : Number(version);
    const clean = cleanChanges(changes);
    if (Object.keys(clean).length) {
      const [row] = await writeProduct(ctx, updateProductStatement(id, workspaceId, clean, user.id, expected));
      if (row) return productFromRow(row);
      // It exists and is the caller's, so only a change since the version can have refused the write.
      await currentOwnProduct(ctx, id, workspaceId);
      throw new StaleProductError();
    }
    // Nothing to write, so nothing collides: answer as a write would have, without bumping the version.
    const current = await currentOwnProduct(ctx, id, workspaceId);
    if (expected !== undefined && expected > current.version) throw new StaleProductError();
    return productFromRow(current);
  },

  /** Moves one of the caller's products to the trash (restorable until housekeeping purges it); returns its id. */
  async remove(ctx: RequestContext, rawId: unknown): Promise<string> {
    const { user, workspaceId } = await requireMember(ctx, 'editProducts');
    const id = canonicalId(rawId);
    const [row] = await query<{ id: string }>(ctx, deleteProductStatement(id, workspaceId, user.id));
    if (row) return row.id;
    await currentOwnProduct(ctx, id, workspaceId);
    // Ours and present a moment ago: another request deleted it in between.
    throw new ProductNotFoundError();
  },
};
