import { BULK_ACTIONS, BULK_MAX_IDS, BulkChangeFields, PricePercentRule, ProductListFields, Rules } from '@stockroom/schema';
import { bearer, errorResponse, integer, jsonBody, jsonResponse, ruleSchema, string, unauthenticated } from '../../rest/openapi-helpers';
import { adjustmentReasonSchema } from '../../stock/stock.openapi';
import { stockStatusSchema } from '../list-query/product-list.openapi';

const filterSchema = {
  type: 'object',
  additionalProperties: false,
  description: "The product list's filters: every one of your products they match, decided on the server",
  properties: {
    search: ruleSchema(ProductListFields.search),
    category: ruleSchema(ProductListFields.category),
    inStock: { type: 'boolean' },
    stockStatus: stockStatusSchema,
  },
};

const selectionSchema = {
  anyOf: [
    {
      type: 'object',
      additionalProperties: false,
      required: ['ids'],
      properties: { ids: { type: 'array', minItems: 1, maxItems: BULK_MAX_IDS, items: { ...string, format: 'uuid' }, description: 'Your products; one that is not yours (or no longer exists) changes nothing and answers 404' } },
    },
    { type: 'object', additionalProperties: false, required: ['filter'], properties: { filter: filterSchema } },
  ],
};

/** What each action's `changes` may hold. */
const changesSchema = {
  anyOf: [
    {
      type: 'object',
      additionalProperties: false,
      minProperties: 1,
      description: 'update: the fields to set on every selected product',
      properties: {
        category: ruleSchema(BulkChangeFields.category),
        price: ruleSchema(BulkChangeFields.price, { description: 'One price for every selected product; not with pricePercent' }),
        pricePercent: ruleSchema(PricePercentRule, {
          not: { const: 0 },
          description: 'Moves each price by this percentage (10 raises, -5 lowers), rounded to the cent half away from zero; not with price. 400 (and nothing changed) when a new price falls outside the price limits',
        }),
        reorderLevel: ruleSchema(BulkChangeFields.reorderLevel, { description: 'null removes it' }),
        featured: { type: 'boolean' },
      },
    },
    {
      type: 'object',
      additionalProperties: false,
      required: ['delta'],
      description: 'adjustStock: the same amount added to (positive) or taken from (negative) every selected product, each a BULK movement',
      properties: {
        delta: ruleSchema(Rules.stockDelta, { not: { const: 0 } }),
        reason: adjustmentReasonSchema,
        note: ruleSchema(Rules.movementNote),
      },
    },
  ],
};

export const productBulkOpenApiPaths = {
  '/api/products/bulk': {
    post: {
      operationId: 'bulkProducts',
      tags: ['Products'],
      summary: 'Delete (move to the trash), update or adjust the stock of many of your products at once, all or nothing',
      security: bearer,
      requestBody: jsonBody({
        type: 'object',
        additionalProperties: false,
        required: ['action', 'selection'],
        properties: { action: { enum: [...BULK_ACTIONS] }, selection: selectionSchema, changes: changesSchema },
      }),
      responses: {
        200: jsonResponse('How many products changed', { type: 'object', required: ['affected'], properties: { affected: { ...integer, minimum: 0 } } }),
        400: errorResponse('Validation failed: the action, the selection (ids or filter, at most 1,000 ids) or the changes (a percentage that takes a price outside its limits changes nothing)'),
        401: unauthenticated,
        404: errorResponse('A selected id is not one of your products: nothing was changed'),
        409: errorResponse('A sale of that amount would take at least one selected product below 0: nothing was changed'),
      },
    },
  },
};
