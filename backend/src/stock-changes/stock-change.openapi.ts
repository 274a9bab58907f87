import { IDEMPOTENCY_KEY_MAX_LENGTH, IDEMPOTENCY_KEY_PATTERN, IDEMPOTENCY_KEY_RETENTION_HOURS, STOCK_CHANGE_OUTCOMES, STOCK_CHANGES_MAX, StockChangeMessages } from '@stockroom/schema';
import { productTags } from '../product-record/product-record.openapi';
import { bearer, errorResponse, integer, jsonBody, jsonResponse, string, unauthenticated } from '../rest/openapi-helpers';

const uuid = { ...string, format: 'uuid' } as const;
const idempotencyKey = {
  ...string,
  minLength: 1,
  maxLength: IDEMPOTENCY_KEY_MAX_LENGTH,
  pattern: IDEMPOTENCY_KEY_PATTERN,
  description: `The change's own key, as its POST's Idempotency-Key header takes it (kept ${IDEMPOTENCY_KEY_RETENTION_HOURS} hours per caller and workspace): sent again with the same change it answers the first answer and writes nothing; with another change it is refused with 422`,
};

/**
 * One change: the action, the id its own POST's path names, that POST's body, and its key. The body is
 * described as an object only: what it says is judged change by change, as its own POST judges it.
 */
const change = (action: string, post: string, target: 'productId' | 'stockCountId') => ({
  type: 'object',
  additionalProperties: false,
  description: `As POST ${post} (operation ${action}) with its Idempotency-Key`,
  required: ['action', 'idempotencyKey', target, 'body'],
  properties: {
    action: { const: action },
    idempotencyKey,
    [target]: { ...uuid, description: `The {id} of POST ${post}` },
    body: { type: 'object', description: `The request body POST ${post} takes (see ${action}); a body it refuses refuses this change only, with that POST's status and message` },
  },
});

export const stockChangeOpenApiPaths = {
  '/api/stock-changes': {
    post: {
      operationId: 'replayStockChanges',
      tags: productTags,
      summary: 'Runs many stock writes in order, each as its own POST with its own Idempotency-Key would, and answers each (what an offline client replays)',
      description: `Each change runs in its own transaction through the same rules, roles, workspace and idempotency keys as its own POST, in the order sent (the same key twice in one request: the second is a repeat of the first). A refused change (400, 403, 404, 409, 422) is answered as refused and the ones after it still run. The request counts once against the rate limit. Anything not about one change (a signed-out caller, the rate limit, an outage) answers the whole request, as for any POST: the changes done before it keep their keys, so sending the same list again answers them as they were answered and runs the rest.`,
      security: bearer,
      requestBody: jsonBody({
        type: 'object',
        additionalProperties: false,
        required: ['changes'],
        properties: {
          changes: {
            type: 'array',
            minItems: 1,
            maxItems: STOCK_CHANGES_MAX,
            items: {
              anyOf: [
                change('adjustStock', '/api/products/{id}/stock', 'productId'),
                change('countStock', '/api/products/{id}/stock/count', 'productId'),
                change('addStockCountLine', '/api/stock-counts/{id}/lines', 'stockCountId'),
              ],
            },
          },
        },
      }),
      responses: {
        200: jsonResponse('One result per change, in the order sent', {
          type: 'object',
          required: ['results'],
          properties: {
            results: {
              type: 'array',
              items: {
                type: 'object',
                required: ['idempotencyKey', 'outcome', 'status', 'answer'],
                properties: {
                  idempotencyKey: { ...string, description: 'The key the change was sent with' },
                  outcome: { enum: [...STOCK_CHANGE_OUTCOMES], description: 'done: recorded (or answered again for a key already used with this change); refused: not recorded, `answer` says why' },
                  status: { ...integer, description: "The status the change's own POST answers: 200 or 201 when done, its error's status when refused" },
                  answer: {
                    description: "The body the change's own POST answers: `{ product }` (adjustStock, countStock) or `{ line }` (addStockCountLine) when done; the error `{ message, code, fields? }` when refused",
                    type: 'object',
                  },
                },
              },
            },
          },
        }),
        400: errorResponse(
          `${StockChangeMessages.notAList}, ${StockChangeMessages.none}, ${StockChangeMessages.tooMany}, or a change not of the shape above ('Change 3: Action must be one of ...'; fields name it: changes[2].action); nothing runs. A body its own POST refuses is answered in that change's result instead`,
        ),
        401: unauthenticated,
        403: errorResponse('Access denied. Insufficient permissions: stock changes need the COUNTER role or above'),
        404: errorResponse("Workspace not found (the X-Workspace-Id header's)"),
      },
    },
  },
};
