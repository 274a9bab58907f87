import { GeneralMessages, isUuid, STOCK_CHANGE_ACTIONS, STOCK_CHANGES_MAX, StockChangeMessages, StockCountLineFields, type StockChangeAction, type StockChangeOutcome } from '@stockroom/schema';
import type { RequestContext } from '../account/context';
import { requireMember } from '../account/workspace-access';
import { DomainError, ValidationError } from '../common/errors';
import { idempotencyKeyOf } from '../idempotency/exactly-once';
import { readObject } from '../rest/body';
import { errorAnswerOf } from '../rest/error-answer';
import { adjustmentBodyOf, countBodyOf } from '../stock/stock-bodies';
import { stockService } from '../stock/stock.service';
import { stockCountService } from '../stock-counts/stock-count.service';

/** What became of one change: its key, and the status and body its own POST would have answered. */
export interface StockChangeResult {
  idempotencyKey: string;
  outcome: StockChangeOutcome;
  status: number;
  answer: unknown;
}

type Answered = { status: number; answer: unknown };
type Target = 'productId' | 'stockCountId';

/** Each action: the id its own POST's path names, and that POST's reading of its body, service call and answer. */
const ACTIONS: Record<StockChangeAction, { target: Target; run(ctx: RequestContext, id: string, body: unknown, key: string): Promise<Answered> }> = {
  adjustStock: {
    target: 'productId',
    run: async (ctx, id, body, key) => ({ status: 200, answer: { product: await stockService.adjust(ctx, id, adjustmentBodyOf(body), key) } }),
  },
  countStock: {
    target: 'productId',
    run: async (ctx, id, body, key) => ({ status: 200, answer: { product: await stockService.count(ctx, id, countBodyOf(body), key) } }),
  },
  addStockCountLine: {
    target: 'stockCountId',
    run: async (ctx, id, body, key) => ({ status: 201, answer: { line: await stockCountService.addLine(ctx, id, readObject(body, StockCountLineFields), key) } }),
  },
};

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A change whose shape is right: what runs it. */
interface ShapedChange {
  action: StockChangeAction;
  idempotencyKey: string;
  id: string;
  body: Record<string, unknown>;
}

/** Why a change's shape is wrong (field and message), or undefined when it is right. */
function shapeErrorOf(raw: unknown): [field: string, message: string] | undefined {
  if (!isRecord(raw)) return ['', StockChangeMessages.notAChange];
  if (!STOCK_CHANGE_ACTIONS.includes(raw.action as StockChangeAction)) return ['action', StockChangeMessages.unknownAction];
  const { target } = ACTIONS[raw.action as StockChangeAction];
  const unknown = Object.keys(raw).find((key) => !['action', 'idempotencyKey', target, 'body'].includes(key));
  if (unknown !== undefined) return [unknown, GeneralMessages.unknownField];
  if (raw.idempotencyKey === undefined || raw.idempotencyKey === null) return ['idempotencyKey', StockChangeMessages.keyRequired];
  try {
    idempotencyKeyOf(raw.idempotencyKey);
  } catch (error) {
    return ['idempotencyKey', (error as ValidationError).message];
  }
  if (!isUuid(raw[target])) return [target, GeneralMessages.invalidId];
  if (!isRecord(raw.body)) return ['body', StockChangeMessages.bodyNotObject];
  return undefined;
}

/**
 * The list's changes, each of the shape the document gives a change (an
 * object of its action, key, id and body, and nothing else), or a 400 for
 * the whole list naming the first change that is not: a list that is not
 * what the endpoint takes runs nothing. What a change's body says is its own
 * POST's to judge, change by change.
 */
function shapedChanges(changes: unknown): ShapedChange[] {
  if (!Array.isArray(changes)) throw new ValidationError({ changes: StockChangeMessages.notAList });
  if (changes.length === 0) throw new ValidationError({ changes: StockChangeMessages.none });
  if (changes.length > STOCK_CHANGES_MAX) throw new ValidationError({ changes: StockChangeMessages.tooMany });
  return changes.map((raw: unknown, index) => {
    const wrong = shapeErrorOf(raw);
    if (wrong) {
      const [field, message] = wrong;
      throw new ValidationError({ [`changes[${index}]${field ? `.${field}` : ''}`]: message }, StockChangeMessages.inChange(index + 1, message));
    }
    const change = raw as Record<string, unknown>;
    const action = change.action as StockChangeAction;
    return { action, idempotencyKey: change.idempotencyKey as string, id: change[ACTIONS[action].target] as string, body: change.body as Record<string, unknown> };
  });
}

/**
 * Statuses that say nothing about the change itself (the session, the rate, the server): the whole
 * request answers them, so a client tries the changes again later rather than taking one as refused.
 */
const notAboutTheChange = (status: number) => status === 401 || status === 408 || status === 425 || status === 429 || status >= 500;

/** One change, as its own POST would run it: its body read by that POST's rules, the same service, the same key store. */
async function runChange(ctx: RequestContext, { action, idempotencyKey, id, body }: ShapedChange): Promise<StockChangeResult> {
  try {
    const { status, answer } = await ACTIONS[action].run(ctx, id, body, idempotencyKey);
    return { idempotencyKey, outcome: 'done', status, answer };
  } catch (error) {
    if (!(error instanceof DomainError)) throw error;
    const { status, body: refusal } = errorAnswerOf(error);
    if (notAboutTheChange(status)) throw error;
    return { idempotencyKey, outcome: 'refused', status, answer: refusal };
  }
}

/**
 * Runs a list of stock changes in order, each as its own stock-writing POST
 * would (same body rules, service, roles, workspace and idempotency key, in
 * its own transaction), and answers each: done with that POST's answer, or
 * refused with its error. A refused change does not stop the ones after it.
 * The caller (signed out, not allowed to move stock) and the list (not a
 * list, empty, over STOCK_CHANGES_MAX, a change of the wrong shape) are
 * checked first, for the whole request; so is anything that is not about
 * one change (an outage, the rate limit): the changes done before it keep
 * their keys, so the same list sent again answers them as they were
 * answered.
 */
export async function replayStockChanges(ctx: RequestContext, changes: unknown): Promise<StockChangeResult[]> {
  await requireMember(ctx, 'moveStock');
  const shaped = shapedChanges(changes);
  const results: StockChangeResult[] = [];
  for (const change of shaped) results.push(await runChange(ctx, change));
  return results;
}
