import { STOCK_CHANGE_ACTIONS, STOCK_CHANGES_MAX, StockChangeMessages, StockCountLineFields, type StockChangeAction, type StockChangeOutcome } from '@stockroom/schema';
import type { RequestContext } from '../account/context';
import { requireMember } from '../account/workspace-access';
import { DomainError, ValidationError } from '../common/errors';
import { readObject } from '../rest/body';
import { errorAnswerOf } from '../rest/error-answer';
import { adjustmentBodyOf, countBodyOf } from '../stock/stock-bodies';
import { stockService } from '../stock/stock.service';
import { stockCountService } from '../stock-counts/stock-count.service';

/** What became of one change: its key as sent, and the status and body its own POST would have answered. */
export interface StockChangeResult {
  idempotencyKey: string | null;
  outcome: StockChangeOutcome;
  status: number;
  answer: unknown;
}

type Answered = { status: number; answer: unknown };

/** Each action: the id its own POST's path names, and that POST's reading of its body, service call and answer. */
const ACTIONS: Record<StockChangeAction, { target: 'productId' | 'stockCountId'; run(ctx: RequestContext, id: unknown, body: unknown, key: unknown): Promise<Answered> }> = {
  adjustStock: {
    target: 'productId',
    run: async (ctx, id, body, key) => ({ status: 200, answer: { product: await stockService.adjust(ctx, id, adjustmentBodyOf(body, 'body', 'Body'), key) } }),
  },
  countStock: {
    target: 'productId',
    run: async (ctx, id, body, key) => ({ status: 200, answer: { product: await stockService.count(ctx, id, countBodyOf(body, 'body', 'Body'), key) } }),
  },
  addStockCountLine: {
    target: 'stockCountId',
    run: async (ctx, id, body, key) => ({ status: 201, answer: { line: await stockCountService.addLine(ctx, id, readObject(body, StockCountLineFields, 'body', 'Body'), key) } }),
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Statuses that say nothing about the change itself (the session, the rate, the server): the whole
 * request answers them, so a client tries the changes again later rather than taking one as refused.
 */
const notAboutTheChange = (status: number) => status === 401 || status === 408 || status === 425 || status === 429 || status >= 500;

/** One change, as its own POST would run it: its body read by that POST's rules, the same service, the same key store. */
async function runChange(ctx: RequestContext, raw: unknown): Promise<StockChangeResult> {
  const idempotencyKey = isRecord(raw) && typeof raw.idempotencyKey === 'string' ? raw.idempotencyKey : null;
  try {
    if (!isRecord(raw)) throw new ValidationError({ change: StockChangeMessages.notAChange });
    if (!STOCK_CHANGE_ACTIONS.includes(raw.action as StockChangeAction)) throw new ValidationError({ action: StockChangeMessages.unknownAction });
    const action = ACTIONS[raw.action as StockChangeAction];
    const change = readObject(raw, ['action', 'idempotencyKey', action.target, 'body'], 'change', 'Change');
    // A replay without keys could write twice when its answer is lost; each change must carry its own.
    if (change.idempotencyKey === undefined || change.idempotencyKey === null) throw new ValidationError({ idempotencyKey: StockChangeMessages.keyRequired });
    const { status, answer } = await action.run(ctx, change[action.target], change.body ?? {}, change.idempotencyKey);
    return { idempotencyKey, outcome: 'done', status, answer };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const { status, body } = errorAnswerOf(error);
    if (notAboutTheChange(status)) throw error;
    return { idempotencyKey, outcome: 'refused', status, answer: body };
  }
}

/**
 * Runs a list of stock changes in order, each as its own stock-writing POST
 * would (same body rules, service, roles, workspace and idempotency key, in
 * its own transaction), and answers each: done with that POST's answer, or
 * refused with its error. A refused change does not stop the ones after it.
 * The list itself (not a list, empty, over STOCK_CHANGES_MAX) and the
 * caller (signed out, not allowed to move stock) are checked first, for
 * the whole request; so is anything that is not about one change (an
 * outage, the rate limit): the changes already done keep their keys, so the
 * same list sent again answers them as they were answered.
 */
export async function replayStockChanges(ctx: RequestContext, changes: unknown): Promise<StockChangeResult[]> {
  await requireMember(ctx, 'moveStock');
  if (!Array.isArray(changes)) throw new ValidationError({ changes: StockChangeMessages.notAList });
  if (changes.length === 0) throw new ValidationError({ changes: StockChangeMessages.none });
  if (changes.length > STOCK_CHANGES_MAX) throw new ValidationError({ changes: StockChangeMessages.tooMany });
  const results: StockChangeResult[] = [];
  for (const change of changes) results.push(await runChange(ctx, change));
  return results;
}
