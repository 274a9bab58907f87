import {
  BULK_MAX_IDS,
  BulkMessages,
  Rules,
  ValidationMessages,
  defaultAdjustmentReason,
  isBlank,
  isUuid,
  moneyValue,
  pricePercentResultMessage,
  validateBulkChanges,
  validateBulkFilter,
  validateStockAdjustment,
  type StockAdjustmentReason,
} from '@stockroom/schema';
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { requireMember } from '../../account/workspace-access';
import type { RequestContext } from '../../account/context';
import type { Statement } from '../../db/sql';
import { assertValid, ConflictError, NotFoundError, ValidationError } from '../../common/errors';
import { cleanNote } from '../../stock/stock.service';
import { stockShortErrorOf } from '../../product-record/product.errors';
import { listFiltersOf, trimmed, withTrimmedFilters } from '../list-query/product-list-request';
import { BulkEdit } from './bulk-edit.entity';
import { bulkAdjustStockStatement, bulkDeleteStatement, bulkUpdateStatement, undoBulkEditStatement, type BulkCounts, type BulkSelection } from './product-bulk.queries';

/** Which products a bulk request acts on, as a transport hands it over: `{ ids }` or `{ filter }` (the list's filters). */
export type BulkSelectionRequest = unknown;

/** What a bulk request answers: how many products it changed. */
export interface BulkResult {
  affected: number;
  /** A delete's: names the products it moved to the trash, for productTrashService.restoreBatch. */
  trashBatch?: string | null;
  /** An update's: names what it replaced, for productBulkService.undoUpdate. */
  undoBatch?: string | null;
  /** An Undo's: the products changed again since the update, left as they are. */
  skipped?: number;
}

export const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Ids, each a product id, at least one and at most BULK_MAX_IDS once repeats are dropped. */
export function idsOf(raw: unknown): string[] {
  if (!Array.isArray(raw) || !raw.every(isUuid)) throw new ValidationError({ ids: BulkMessages.idsInvalid });
  const ids = [...new Set(raw.map((id) => id.toLowerCase()))];
  if (ids.length === 0) throw new ValidationError({ ids: BulkMessages.idsRequired });
  if (ids.length > BULK_MAX_IDS) throw new ValidationError({ ids: BulkMessages.tooManyIds });
  return ids;
}

/** A selection checked: by ids, or by the list's filters (checked by the list's rules), always within the caller's catalogue. */
function selectionOf(raw: unknown, workspaceId: string): BulkSelection {
  if (!isRecord(raw) || (raw.ids === undefined && raw.filter === undefined)) throw new ValidationError({ selection: BulkMessages.selectionRequired });
  if (raw.ids !== undefined && raw.filter !== undefined) throw new ValidationError({ selection: BulkMessages.selectionOneKind });
  if (raw.ids !== undefined) return { workspaceId, ids: idsOf(raw.ids) };
  if (!isRecord(raw.filter)) throw new ValidationError({ filter: BulkMessages.selectionRequired });
  const filter = withTrimmedFilters(raw.filter);
  assertValid(validateBulkFilter(filter));
  return { filter: { workspaceId, ...listFiltersOf(filter) } };
}

/** Nothing was written when a named product was not found among the caller's: say so as a missing product. */
function assertAllFound(selection: BulkSelection, counts: BulkCounts): void {
  if ('ids' in selection && counts.matched < selection.ids.length) throw new NotFoundError(BulkMessages.notFound);
}

async function run(ctx: RequestContext, statement: Statement): Promise<BulkCounts> {
  const [counts] = await ctx.sql.query<BulkCounts>(statement);
  return counts;
}

/** Changes made to many of the caller's products at once, each all or nothing, on both transports. */
export const productBulkService = {
  /** Sets the category, price, reorder level or featured flag of every selected product, or moves each price by a percentage. */
  async update(ctx: RequestContext, rawSelection: BulkSelectionRequest, rawChanges: unknown): Promise<BulkResult> {
    const { user, workspaceId } = await requireMember(ctx, 'editProducts');
    const selection = selectionOf(rawSelection, workspaceId);
    const input = isRecord(rawChanges) ? rawChanges : {};
    const changes: Record<string, unknown> = { ...input, category: trimmed(input.category) };
    assertValid(validateBulkChanges(changes));
    const counts = await run(
      ctx,
      bulkUpdateStatement(selection, {
          category: changes.category as string | undefined,
          price: changes.price === undefined ? undefined : moneyValue(changes.price as string | number),
          pricePercent: changes.pricePercent === undefined ? undefined : Number(changes.pricePercent),
          reorderLevel: changes.reorderLevel === undefined ? undefined : isBlank(changes.reorderLevel) ? null : Number(changes.reorderLevel),
          featured: changes.featured as boolean | undefined,
        },
        Rules.price,
        user.id,
        randomUUID(),
      ),
    );
    assertAllFound(selection, counts);
    if (counts.short > 0) throw new ValidationError({ pricePercent: pricePercentResultMessage(counts.tooLow === true) });
    return { affected: counts.affected, undoBatch: counts.undoBatch ?? null };
  },

  /**
   * Undoes one of the workspace's bulk updates, named by the undoBatch it
   * answered: its products get back what it replaced, except those whose
   * changed fields have changed again since (`skipped`). Another workspace's
   * batch, or one already undone, restores none.
   */
  async undoUpdate(ctx: RequestContext, rawBatch: unknown): Promise<BulkResult> {
    const { user, workspaceId } = await requireMember(ctx, 'editProducts');
    if (!isUuid(rawBatch)) throw new ValidationError({ batch: BulkMessages.badUndoBatch });
    const counts = await run(ctx, undoBulkEditStatement(workspaceId, rawBatch.toLowerCase(), user.id));
    return { affected: counts.affected, skipped: counts.matched - counts.affected };
  },

  /**
   * Receives (positive delta) or sells (negative) the same amount of every
   * selected product, each a BULK movement in its ledger; the reason (SALE or
   * RECEIPT by the sign when left out) goes to the activity entries.
   */
  async adjustStock(ctx: RequestContext, rawSelection: BulkSelectionRequest, input: { delta?: unknown; reason?: unknown; note?: unknown }): Promise<BulkResult> {
    const { user, workspaceId } = await requireMember(ctx, 'editProducts');
    const selection = selectionOf(rawSelection, workspaceId);
    assertValid(validateStockAdjustment(input));
    const delta = Number(input.delta);
    const reason = (input.reason as StockAdjustmentReason | null | undefined) ?? defaultAdjustmentReason(delta);
    const note = cleanNote(input.note);
    // A product whose total has room but whose default location holds too little refuses the whole change, naming the location.
    const counts = await run(ctx, bulkAdjustStockStatement(selection, delta, Rules.quantity, { reason, note }, user.id)).catch((error: unknown) => {
      throw stockShortErrorOf(error) ?? error;
    });
    assertAllFound(selection, counts);
    if (counts.short > 0) {
      if (delta < 0) throw new ConflictError(BulkMessages.insufficientStock(counts.short));
      throw new ValidationError({ delta: ValidationMessages.maxValue(Rules.quantity.label, String(Rules.quantity.max)) });
    }
    return { affected: counts.affected };
  },

  /** Deletes every selected product. */
  async remove(ctx: RequestContext, rawSelection: BulkSelectionRequest): Promise<BulkResult> {
    const { user, workspaceId } = await requireMember(ctx, 'editProducts');
    const selection = selectionOf(rawSelection, workspaceId);
    const counts = await run(ctx, bulkDeleteStatement(selection, user.id));
    assertAllFound(selection, counts);
    return { affected: counts.affected, trashBatch: counts.trashBatch ?? null };
  },
};

/** How long a bulk update can be undone; housekeeping then drops what it replaced. */
export const BULK_EDIT_RETENTION_HOURS = 24;

/** Drops, for every owner, what bulk updates older than BULK_EDIT_RETENTION_HOURS replaced; returns how many rows. */
export async function dropExpiredBulkEdits(em: EntityManager, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - BULK_EDIT_RETENTION_HOURS * 60 * 60_000);
  return em.nativeDelete(BulkEdit, { createdAt: { $lt: cutoff } });
}
