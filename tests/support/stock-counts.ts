import { IDEMPOTENCY_KEY_HEADER, WORKSPACE_HEADER } from '@stockroom/schema';
import { HTTP_STATUS, type ErrorCode } from '../../backend/src/common/errors';
import type { TestApp } from './test-app';

/**
 * Stock counts driven through either transport with one interface, so each
 * scenario of tests/integration/stock-counts.test.ts runs on REST and on
 * GraphQL alike. Every call acts in `workspace` as the caller `token` names.
 */

export const COUNT_FIELDS = 'id status blind locationId locationPath category createdAt createdBy { id fullName } submittedAt closedAt closedBy { id fullName } lineCount';
export const LINE_FIELDS = 'id productId productName productSku locationId locationPath quantity ledgerPosition countedAt countedBy { id fullName } replaces status movementId uncounted';
export const REVIEW_FIELDS =
  'expectedHidden items { productId productName productSku locationId locationPath counted expected variance varianceValue lineIds } notCounted { productId productName productSku locationId locationPath expected varianceValue }';
export const STOCK_FIELDS = 'locationIds quantitiesHidden products { productId levels { locationId quantity ledgerPosition } }';

/** A call's outcome: its value, or the error's code and message (and, over REST, a status that matches the code). */
export type Outcome<T = any> = { value: T; error?: undefined } | { value?: undefined; error: { code: string; message: string; fields?: Record<string, string> } };

export interface Caller {
  token: string;
  workspace: string;
}

export interface CountsTransport {
  name: 'REST' | 'GraphQL';
  create(caller: Caller, input: Record<string, unknown>): Promise<Outcome>;
  addLine(caller: Caller, countId: string, input: Record<string, unknown>, key?: string): Promise<Outcome>;
  submit(caller: Caller, id: string): Promise<Outcome>;
  approve(caller: Caller, id: string, input?: Record<string, unknown>): Promise<Outcome<{ stockCount: any; lines: any[] }>>;
  cancel(caller: Caller, id: string): Promise<Outcome>;
  get(caller: Caller, id: string): Promise<Outcome<{ stockCount: any; lines: any[] }>>;
  list(caller: Caller): Promise<Outcome<{ stockCounts: any[]; pagination: any }>>;
  review(caller: Caller, id: string, sortBy?: 'value' | 'product'): Promise<Outcome>;
  /** The stock of an OPEN count's scope: { locationIds, quantitiesHidden, products }. */
  stock(caller: Caller, id: string): Promise<Outcome>;
  /** The product's stock answer: each level with its quantity and ledger position. */
  levels(caller: Caller, productId: string): Promise<Array<{ location: { id: string }; quantity: number; ledgerPosition: string }>>;
}

const headersOf = ({ token, workspace }: Caller, key?: string) => ({ token, headers: { [WORKSPACE_HEADER]: workspace, ...(key ? { [IDEMPOTENCY_KEY_HEADER]: key } : {}) } });

export function restCounts(app: TestApp): CountsTransport {
  const call = async (method: string, path: string, body: unknown, caller: Caller, ok: number, pick: (body: any) => unknown, key?: string): Promise<Outcome> => {
    const answer = await app.rest(method, path, body, headersOf(caller, key));
    if (answer.status === ok) return { value: pick(answer.body) };
    const { code, message, fields } = answer.body ?? {};
    if (answer.status !== HTTP_STATUS[code as ErrorCode]) throw new Error(`${method} ${path}: status ${answer.status} does not match code ${code}: ${JSON.stringify(answer.body)}`);
    return { error: { code, message, ...(fields && { fields }) } };
  };
  return {
    name: 'REST',
    create: (caller, input) => call('POST', '/api/stock-counts', input, caller, 201, (b) => b.stockCount),
    addLine: (caller, id, input, key) => call('POST', `/api/stock-counts/${id}/lines`, input, caller, 201, (b) => b.line, key),
    submit: (caller, id) => call('POST', `/api/stock-counts/${id}/submit`, undefined, caller, 200, (b) => b.stockCount),
    approve: (caller, id, input) => call('POST', `/api/stock-counts/${id}/approve`, input ?? {}, caller, 200, (b) => b),
    cancel: (caller, id) => call('POST', `/api/stock-counts/${id}/cancel`, undefined, caller, 200, (b) => b.stockCount),
    get: (caller, id) => call('GET', `/api/stock-counts/${id}`, undefined, caller, 200, (b) => b),
    list: (caller) => call('GET', '/api/stock-counts?limit=100', undefined, caller, 200, (b) => b),
    stock: (caller, id) => call('GET', `/api/stock-counts/${id}/stock`, undefined, caller, 200, (b) => b),
    review: (caller, id, sortBy) => call('GET', `/api/stock-counts/${id}/review${sortBy ? `?sortBy=${sortBy}` : ''}`, undefined, caller, 200, (b) => b),
    async levels(caller, productId) {
      const answer = await app.rest('GET', `/api/products/${productId}/stock`, undefined, headersOf(caller));
      expect(answer.status).toBe(200);
      return answer.body.levels;
    },
  };
}

export function graphqlCounts(app: TestApp): CountsTransport {
  const call = async (query: string, variables: Record<string, unknown>, caller: Caller, field: string): Promise<Outcome> => {
    const answer = await app.gql(query, variables, headersOf(caller));
    if (answer.errors?.length) {
      const [{ message, extensions }] = answer.errors;
      return { error: { code: extensions?.code ?? 'UNKNOWN', message, ...(extensions?.fields && { fields: extensions.fields }) } };
    }
    return { value: answer.data[field] };
  };
  const WITH_LINES = `stockCount { ${COUNT_FIELDS} } lines { ${LINE_FIELDS} }`;
  return {
    name: 'GraphQL',
    create: (caller, input) => call(`mutation ($input: CreateStockCountInput!) { createStockCount(input: $input) { ${COUNT_FIELDS} } }`, { input }, caller, 'createStockCount'),
    addLine: (caller, countId, input, idempotencyKey) =>
      call(
        `mutation ($countId: ID!, $input: StockCountLineInput!, $key: String) { addStockCountLine(countId: $countId, input: $input, idempotencyKey: $key) { ${LINE_FIELDS} } }`,
        { countId, input, key: idempotencyKey },
        caller,
        'addStockCountLine',
      ),
    submit: (caller, id) => call(`mutation ($id: ID!) { submitStockCount(id: $id) { ${COUNT_FIELDS} } }`, { id }, caller, 'submitStockCount'),
    approve: (caller, id, input) => call(`mutation ($id: ID!, $input: ApproveStockCountInput) { approveStockCount(id: $id, input: $input) { ${WITH_LINES} } }`, { id, input }, caller, 'approveStockCount'),
    cancel: (caller, id) => call(`mutation ($id: ID!) { cancelStockCount(id: $id) { ${COUNT_FIELDS} } }`, { id }, caller, 'cancelStockCount'),
    get: (caller, id) => call(`query ($id: ID!) { stockCount(id: $id) { ${WITH_LINES} } }`, { id }, caller, 'stockCount'),
    list: (caller) => call(`query { stockCounts(limit: 100) { stockCounts { ${COUNT_FIELDS} } pagination { total } } }`, {}, caller, 'stockCounts'),
    stock: (caller, id) => call(`query ($id: ID!) { stockCountStock(id: $id) { ${STOCK_FIELDS} } }`, { id }, caller, 'stockCountStock'),
    review: (caller, id, sortBy) =>
      call(`query ($id: ID!, $sortBy: StockCountReviewSort) { stockCountReview(id: $id, sortBy: $sortBy) { ${REVIEW_FIELDS} } }`, { id, sortBy: sortBy?.toUpperCase() }, caller, 'stockCountReview'),
    async levels(caller, productId) {
      const answer = await app.gql(`query ($id: ID!) { productStock(id: $id) { levels { location { id } quantity ledgerPosition } } }`, { id: productId }, headersOf(caller));
      expect(answer.errors).toBeUndefined();
      return answer.data.productStock.levels;
    },
  };
}

/** The value of a call that must succeed; its error otherwise, in the failure message. */
export function valueOf<T>(outcome: Outcome<T>): T {
  if (outcome.error) throw new Error(`expected success, got ${JSON.stringify(outcome.error)}`);
  return outcome.value as T;
}
