import { ApproveStockCountFields, NewStockCountFields, StockCountListFields, validateFields, type StockCountLineStatus } from '@stockroom/schema';
import { randomUUID } from 'node:crypto';
import { contextOnSql, type RequestContext } from '../account/context';
import { requireMember } from '../account/workspace-access';
import { assertValid, canonicalId } from '../common/errors';
import { pageRequestOf, paginationOf } from '../common/pagination';
import { poolInTransaction } from '../db/pool-in-transaction';
import { exactlyOnce, idempotencyKeyOf } from '../idempotency/exactly-once';
import { deletedLocationErrorOf, LocationNotFoundError } from '../locations/location.errors';
import { locationService, optionalIdOf, subtreeOf } from '../locations/location.service';
import { liveProductOf } from '../product-record/product-lookup';
import { ProductNotFoundError } from '../product-record/product.errors';
import { countLedgerService, placeKey } from '../stock/count-ledger/count-ledger.service';
import { approvedLineIdsOf, countedAtOf, ledgerPositionOf, lineFieldsOf, requiredIdOf } from './stock-count-input';
import {
  OutsideStockCountError,
  ReplacesOtherLineError,
  StockCountAlreadyClosedError,
  StockCountClosedError,
  StockCountNotFoundError,
  StockCountNotInReviewError,
  UnknownStockCountLinesError,
} from './stock-count.errors';
import {
  cancelLinesStatement,
  countLinesStatement,
  countPageStatement,
  countStateStatement,
  countStatement,
  countTotalStatement,
  insertCountStatement,
  insertLineStatement,
  insertUncountedLinesStatement,
  lineStatement,
  linesStatement,
  moveCountStatement,
  settleLinesStatement,
} from './stock-count.queries';
import type { StockCountLineView, StockCountPage, StockCountView, StockCountWithLines } from './stock-count.types';
import { lineFromRow, linesByPlace, pathsOf, stockCountFromRow, uncountedBookings, type CountRow, type CountState, type LineRow, type CountLine } from './stock-count-rows';

/** A new count as a transport parsed it. */
export type StockCountRequest = { locationId?: unknown; category?: unknown; blind?: unknown };
/** A line as a transport parsed it. */
export type StockCountLineRequest = { productId?: unknown; locationId?: unknown; quantity?: unknown; ledgerPosition?: unknown; countedAt?: unknown; replaces?: unknown };
/** An approval as a transport parsed it. */
export type ApproveStockCountRequest = { lineIds?: unknown; notCountedAsZero?: unknown };

/** The count's state, or 'Stock count not found'. */
async function stateOf(ctx: RequestContext, id: string, workspaceId: string, lock = false): Promise<CountState> {
  const [state] = await ctx.sql.query<CountState>(countStateStatement(id, workspaceId, lock));
  if (!state) throw new StockCountNotFoundError();
  return state;
}

/** The count as both transports send it. */
async function countView(ctx: RequestContext, id: string, workspaceId: string): Promise<StockCountView> {
  const [[row], locations] = await Promise.all([ctx.sql.query<CountRow>(countStatement(id, workspaceId)), locationService.list(ctx)]);
  if (!row) throw new StockCountNotFoundError();
  return stockCountFromRow(row, pathsOf(locations));
}

/** The count with its lines. */
async function countWithLines(ctx: RequestContext, id: string, workspaceId: string): Promise<StockCountWithLines> {
  const [[count], lines, locations] = await Promise.all([
    ctx.sql.query<CountRow>(countStatement(id, workspaceId)),
    ctx.sql.query<LineRow>(linesStatement(id, workspaceId)),
    locationService.list(ctx),
  ]);
  if (!count) throw new StockCountNotFoundError();
  const paths = pathsOf(locations);
  return { stockCount: stockCountFromRow(count, paths), lines: lines.map((row) => lineFromRow(row, paths)) };
}

/**
 * Stocktakes as sessions: admins open them over a scope, counters record
 * lines and submit, admins approve (booking each product and location's
 * difference through the stock ledger) or cancel. Members read them.
 */
export const stockCountService = {
  /** A page of the workspace's counts, newest first (members). */
  async list(ctx: RequestContext, request: { page?: unknown; limit?: unknown }): Promise<StockCountPage> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    assertValid(validateFields(StockCountListFields, request));
    const { page, limit, offset } = pageRequestOf(request);
    const [rows, [{ total }], locations] = await Promise.all([
      ctx.sql.query<CountRow>(countPageStatement(workspaceId, limit, offset)),
      ctx.sql.query<{ total: number }>(countTotalStatement(workspaceId)),
      locationService.list(ctx),
    ]);
    const paths = pathsOf(locations);
    return { stockCounts: rows.map((row) => stockCountFromRow(row, paths)), pagination: paginationOf(page, limit, total) };
  },

  /** One count of the workspace with its lines (members); another workspace's is 'Stock count not found'. */
  async get(ctx: RequestContext, rawId: unknown): Promise<StockCountWithLines> {
    const { workspaceId } = await requireMember(ctx, 'readProducts');
    return countWithLines(ctx, canonicalId(rawId), workspaceId);
  },

  /** Opens a count (admins and above) of a location and the ones below it, a category, both, or everything; OPEN. */
  async create(ctx: RequestContext, input: StockCountRequest): Promise<StockCountView> {
    const { user, workspaceId } = await requireMember(ctx, 'manageStockCounts');
    assertValid(validateFields(NewStockCountFields, input));
    const locationId = optionalIdOf(input.locationId, 'locationId');
    if (locationId) await locationService.get(ctx, locationId);
    const category = typeof input.category === 'string' && input.category.trim() ? input.category.trim() : null;
    const id = randomUUID();
    await ctx.sql.query(insertCountStatement(id, workspaceId, { locationId, category, blind: input.blind === true }, user.id));
    return countView(ctx, id, workspaceId);
  },

  /**
   * Records a line of an OPEN count (counters and above): `quantity` of a
   * product found at a location (left out: the count's location, else the
   * default one) at `ledgerPosition`. Lines of one product and location add
   * up unless one `replaces` another. A count no longer OPEN is a 409; a
   * product or location outside its scope a 400. With an idempotency key, a
   * repeat is answered as the first was and records nothing.
   */
  async addLine(ctx: RequestContext, rawCountId: unknown, input: StockCountLineRequest, idempotencyKey?: unknown): Promise<StockCountLineView> {
    const { user, workspaceId } = await requireMember(ctx, 'moveStock');
    const countId = canonicalId(rawCountId);
    const productId = requiredIdOf(input.productId, 'productId', 'Product');
    const { quantity } = lineFieldsOf(input);
    const ledgerPosition = ledgerPositionOf(input.ledgerPosition);
    const countedAt = countedAtOf(input.countedAt);
    const named = optionalIdOf(input.locationId, 'locationId');
    const replaces = optionalIdOf(input.replaces, 'replaces');
    const key = idempotencyKeyOf(idempotencyKey);
    const request = { operation: 'addStockCountLine', countId, productId, locationId: named, quantity, ledgerPosition, countedAt: countedAt?.toISOString(), replaces };
    return exactlyOnce(ctx, { userId: user.id, workspaceId }, key, request, async (ctx) => {
      const state = await stateOf(ctx, countId, workspaceId);
      if (state.status !== 'OPEN') throw new StockCountClosedError();
      const product = await liveProductOf(ctx, productId, workspaceId);
      if (!product) throw new ProductNotFoundError();
      const locations = await locationService.list(ctx);
      const locationId = named ?? state.locationId ?? locations.find((location) => location.isDefault)!.id;
      if (!locations.some((location) => location.id === locationId)) throw new LocationNotFoundError();
      const inScope = (!state.locationId || subtreeOf(locations, state.locationId).has(locationId)) && (!state.category || product.category === state.category);
      if (!inScope) throw new OutsideStockCountError();
      const line = { id: randomUUID(), countId, productId, locationId, quantity, ledgerPosition, countedAt, actor: user.id, replaces };
      let inserted: unknown[];
      try {
        inserted = await ctx.sql.query(insertLineStatement(workspaceId, line));
      } catch (error) {
        throw deletedLocationErrorOf(error) ?? error;
      }
      if (inserted.length === 0) {
        // Either the count left OPEN meanwhile, or the line to replace is not one to replace.
        if ((await stateOf(ctx, countId, workspaceId)).status !== 'OPEN') throw new StockCountClosedError();
        throw new ReplacesOtherLineError();
      }
      const [row] = await ctx.sql.query<LineRow>(lineStatement(line.id, workspaceId));
      return lineFromRow(row, pathsOf(locations));
    });
  },

  /** Hands an OPEN count over for review (counters and above): IN_REVIEW, and no more lines. */
  async submit(ctx: RequestContext, rawId: unknown): Promise<StockCountView> {
    const { user, workspaceId } = await requireMember(ctx, 'moveStock');
    const id = canonicalId(rawId);
    const [moved] = await ctx.sql.query(moveCountStatement(id, workspaceId, ['OPEN'], 'IN_REVIEW', user.id));
    if (!moved) {
      await stateOf(ctx, id, workspaceId);
      throw new StockCountClosedError();
    }
    return countView(ctx, id, workspaceId);
  },

  /** Cancels an OPEN or IN_REVIEW count (admins and above): nothing is booked, its pending lines are CANCELLED. */
  async cancel(ctx: RequestContext, rawId: unknown): Promise<StockCountView> {
    const { user, workspaceId } = await requireMember(ctx, 'manageStockCounts');
    const id = canonicalId(rawId);
    return ctx.sql.transaction(async (tx) => {
      const txCtx = contextOnSql(ctx, poolInTransaction(tx, { savepoints: false }));
      const [moved] = await tx.query(moveCountStatement(id, workspaceId, ['OPEN', 'IN_REVIEW'], 'CANCELLED', user.id));
      if (!moved) {
        await stateOf(txCtx, id, workspaceId);
        throw new StockCountAlreadyClosedError();
      }
      await tx.query(cancelLinesStatement(id, workspaceId));
      return countView(txCtx, id, workspaceId);
    });
  },

  /**
   * Approves a submitted count (admins and above), in one transaction: the
   * chosen pending lines (`lineIds`, left out: all) are booked through the
   * stock ledger, each product and location once: `the sum of its lines -
   * the quantity there at their earliest ledger position` as a COUNT
   * movement, so movements after that position stand. The other pending
   * lines become NOT_CHOSEN. `notCountedAsZero` books the scope's stock no
   * line counted as 0, recorded as lines of their own. A line that cannot be
   * booked (product or location gone, a level below 0, a total past the
   * maximum) says why in its status; the rest are booked. APPROVED.
   */
  async approve(ctx: RequestContext, rawId: unknown, input: ApproveStockCountRequest): Promise<StockCountWithLines> {
    const { user, workspaceId } = await requireMember(ctx, 'manageStockCounts');
    const id = canonicalId(rawId);
    assertValid(validateFields(ApproveStockCountFields, input));
    const chosenIds = approvedLineIdsOf(input.lineIds);
    return ctx.sql.transaction(async (tx) => {
      const txCtx = contextOnSql(ctx, poolInTransaction(tx, { savepoints: false }));
      const state = await stateOf(txCtx, id, workspaceId, true);
      if (state.status !== 'IN_REVIEW') throw new StockCountNotInReviewError();
      const lines = await tx.query<CountLine>(countLinesStatement(id, workspaceId));
      const pending = lines.filter((line) => line.status === 'PENDING');
      const chosen = chosenIds ? pending.filter((line) => chosenIds.includes(line.id)) : pending;
      if (chosen.length !== (chosenIds ?? pending).length) throw new UnknownStockCountLinesError();
      const uncounted = input.notCountedAsZero === true ? await uncountedBookings(txCtx, state, lines) : [];
      const outcomes = await countLedgerService.book(txCtx, [...linesByPlace(chosen), ...uncounted]);
      const chosenSet = new Set(chosen.map((line) => line.id));
      const settled = pending.map((line) => {
        const outcome = chosenSet.has(line.id) ? outcomes.get(placeKey(line))! : undefined;
        return { id: line.id, status: outcome?.status ?? ('NOT_CHOSEN' as StockCountLineStatus), movementId: outcome?.movementId ?? null };
      });
      if (settled.length) await tx.query(settleLinesStatement(workspaceId, settled));
      if (uncounted.length) {
        const written = uncounted.map((place) => {
          const outcome = outcomes.get(placeKey(place))!;
          return { id: randomUUID(), ...place, ledgerPosition: outcome.seenPosition, status: outcome.status, movementId: outcome.movementId };
        });
        await tx.query(insertUncountedLinesStatement(workspaceId, id, user.id, written));
      }
      await tx.query(moveCountStatement(id, workspaceId, ['IN_REVIEW'], 'APPROVED', user.id));
      return countWithLines(txCtx, id, workspaceId);
    });
  },
};
