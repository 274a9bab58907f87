import { BulkMessages, Rules, TRASH_RETENTION_DAYS, TrashMessages, validateFields } from '@stockroom/schema';
import type { EntityManager } from '@mikro-orm/postgresql';
import { requireMember } from '../../account/workspace-access';
import type { RequestContext } from '../../account/context';
import { assertValid, canonicalId, NotFoundError, ValidationError } from '../../common/errors';
import { pageRequestOf, paginationOf, type Pagination } from '../../common/pagination';
import { runStatement, type Statement } from '../../db/sql';
import { idsOf, type BulkResult } from '../bulk/product-bulk.service';
import { productFromRow, type ProductRow } from '../../product-record/product-columns';
import { liveProductOf, productPlacement } from '../../product-record/product-lookup';
import { NotProductOwnerError, ProductNotFoundError, duplicateCodeErrorOf, stockShortErrorOf } from '../../product-record/product.errors';
import type { ProductView } from '../../product-record/product-view.types';
import {
  emptyTrashStatement,
  purgeExpiredStatement,
  purgeStatement,
  restoreStatement,
  restoreTrashBatchStatement,
  trashedByIdStatement,
  trashedCountStatement,
  trashedPageStatement,
} from './product-trash.queries';
import type { TrashedProductView } from './product-trash.types';
import { isTrashBatch } from '../bulk/trash-batch';

/** The trash's page and limit, checked as every list's are. */
const TrashListFields = { page: Rules.page, limit: Rules.limit };

export interface TrashedProductPageResult {
  products: TrashedProductView[];
  pagination: Pagination;
}

type Dated<T, K extends keyof T> = Omit<T, K> & { [P in K]: string | Date };
type TrashedRow = Dated<TrashedProductView, 'deletedAt' | 'purgeAt'>;

const trashedFromRow = (row: TrashedRow): TrashedProductView => ({ ...row, deletedAt: new Date(row.deletedAt), purgeAt: new Date(row.purgeAt) });

const query = <T>(ctx: RequestContext, statement: Statement) => ctx.sql.query<T>(statement);

/** A restore whose SKU or barcode a live product of the owner took meanwhile meets the unique index of live codes: that code's own 409. */
async function restoring<T>(ctx: RequestContext, statement: Statement): Promise<T[]> {
  try {
    return await query<T>(ctx, statement);
  } catch (error) {
    throw duplicateCodeErrorOf(error) ?? stockShortErrorOf(error) ?? error;
  }
}

/** Ids as a transport hands them over: a list of product ids, at most as many as a bulk change names. */
function trashIdsOf(raw: unknown): string[] {
  if (raw === undefined || raw === null) throw new ValidationError({ ids: BulkMessages.idsRequired });
  return idsOf(raw);
}

/** Rows in the trash this long ago or longer are purged by housekeeping. */
export const trashCutoff = (now: Date) => new Date(now.getTime() - TRASH_RETENTION_DAYS * 24 * 60 * 60_000);

/** Products a housekeeping statement purges at once. */
const PURGE_BATCH = 1_000;

/**
 * Deletes for good every product, of any owner, in the trash for
 * TRASH_RETENTION_DAYS or longer, with its stock history; returns how many.
 * Safe to run from every instance at once (rows one run holds are skipped by another).
 */
export async function purgeExpiredTrash(em: EntityManager, now = new Date()): Promise<number> {
  const cutoff = trashCutoff(now);
  let purged = 0;
  for (;;) {
    const [{ purged: batch }] = await runStatement<{ purged: number }>(em, purgeExpiredStatement(cutoff, PURGE_BATCH));
    purged += batch;
    if (batch < PURGE_BATCH) return purged;
  }
}

/** The trash of the caller's catalogue: deleted products, restorable until housekeeping purges them. */
export const productTrashService = {
  /** A page of the caller's trash, the most recently deleted first. */
  async list(ctx: RequestContext, request: { page?: unknown; limit?: unknown }): Promise<TrashedProductPageResult> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    assertValid(validateFields(TrashListFields, request));
    const { page, limit, offset } = pageRequestOf(request);
    const [rows, [{ total }]] = await Promise.all([
      query<TrashedRow>(ctx, trashedPageStatement(workspaceId, limit, offset)),
      query<{ total: number }>(ctx, trashedCountStatement(workspaceId)),
    ]);
    return { products: rows.map(trashedFromRow), pagination: paginationOf(page, limit, total) };
  },

  /**
   * One of the caller's trashed products, so a link to a deleted product can
   * offer it back. A live one, someone else's, or one not there at all is
   * 'Product not found' alike, so an id never tells whether another's exists.
   */
  async find(ctx: RequestContext, rawId: unknown): Promise<TrashedProductView> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    const [row] = await query<TrashedRow>(ctx, trashedByIdStatement(workspaceId, canonicalId(rawId)));
    if (!row) throw new ProductNotFoundError();
    return trashedFromRow(row);
  },

  /**
   * Brings one of the caller's trashed products back into the catalogue as it
   * was. Someone else's, or one not there at all, is 'Product not found' and
   * changes nothing; one already back (an Undo pressed twice) is answered as it is.
   */
  async restore(ctx: RequestContext, rawId: unknown): Promise<ProductView> {
    const { user, workspaceId } = await requireMember(ctx, 'editProducts');
    const id = canonicalId(rawId);
    const [row] = await restoring<ProductRow>(ctx, restoreStatement(workspaceId, [id], 'rows', user.id));
    if (row) return productFromRow(row);
    const live = await liveProductOf(ctx, id, workspaceId);
    if (live) return productFromRow(live);
    throw new ProductNotFoundError();
  },

  /**
   * Brings many of the caller's trashed products back at once, all or nothing:
   * an id that is not one of the caller's products changes none (404). One
   * already back is left as it is; `affected` counts those restored now.
   */
  async restoreMany(ctx: RequestContext, rawIds: unknown): Promise<BulkResult> {
    const { user, workspaceId } = await requireMember(ctx, 'editProducts');
    const ids = trashIdsOf(rawIds);
    const [counts] = await restoring<{ matched: number; affected: number }>(ctx, restoreStatement(workspaceId, ids, 'counts', user.id));
    if (counts.matched < ids.length) throw new NotFoundError(TrashMessages.notInTrash);
    return { affected: counts.affected };
  },

  /**
   * Brings back every product one bulk delete moved to the trash (its
   * `trashBatch`), however many a filter matched: the Undo of "Select all N
   * matching", whose products no list of ids can name. Another owner's batch,
   * or one already restored, restores nothing (affected 0).
   */
  async restoreBatch(ctx: RequestContext, rawBatch: unknown): Promise<BulkResult> {
    const { user, workspaceId } = await requireMember(ctx, 'editProducts');
    if (!isTrashBatch(rawBatch)) throw new ValidationError({ batch: TrashMessages.badBatch });
    const [{ affected }] = await restoring<{ affected: number }>(ctx, restoreTrashBatchStatement(workspaceId, rawBatch, user.id));
    return { affected };
  },

  /**
   * Deletes one of the caller's products for good, from the trash or straight
   * from the catalogue; returns its id. Someone else's product in the
   * catalogue is refused as a delete is (403); in their trash it does not exist (404).
   */
  async purge(ctx: RequestContext, rawId: unknown): Promise<string> {
    const { workspaceId } = await requireMember(ctx, 'purgeTrash');
    const id = canonicalId(rawId);
    const [counts] = await query<{ affected: number }>(ctx, purgeStatement(workspaceId, [id]));
    if (counts.affected === 1) return id;
    const state = await productPlacement(ctx, id);
    if (state && state.workspaceId !== workspaceId && !state.trashed) throw new NotProductOwnerError();
    throw new ProductNotFoundError();
  },

  /** Deletes many of the caller's products for good, all or nothing: an id that is not one of theirs deletes none (404). */
  async purgeMany(ctx: RequestContext, rawIds: unknown): Promise<BulkResult> {
    const { workspaceId } = await requireMember(ctx, 'purgeTrash');
    const ids = trashIdsOf(rawIds);
    const [counts] = await query<{ matched: number; affected: number }>(ctx, purgeStatement(workspaceId, ids));
    if (counts.matched < ids.length) throw new NotFoundError(TrashMessages.notInTrash);
    return { affected: counts.affected };
  },

  /** Deletes everything in the caller's trash for good; answers how many. */
  async empty(ctx: RequestContext): Promise<BulkResult> {
    const { workspaceId } = await requireMember(ctx, 'purgeTrash');
    const [{ affected }] = await query<{ affected: number }>(ctx, emptyTrashStatement(workspaceId));
    return { affected };
  },
};
