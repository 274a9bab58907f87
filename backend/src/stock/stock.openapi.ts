import { LocationMessages, Rules, STOCK_ADJUSTMENT_REASONS, STOCK_MOVEMENT_REASONS, StockCountFields, TRANSFER_LINES_MAX, TransferFields } from '@stockroom/schema';
import { invalidProductRequest, notProductOwner, oneProduct, productIdParam, productNotFound, productTags } from '../product-record/product-record.openapi';
import { idempotencyAnswers, idempotencyKeyParam } from '../idempotency/idempotency.openapi';
import { bearer, errorResponse, integer, jsonBody, jsonResponse, pageOf, pageParams, ref, ruleSchema, string, unauthenticated } from '../rest/openapi-helpers';

/** The reasons an adjustment may give, in either case (answers name them in upper case); null is left out. */
export const adjustmentReasonSchema = {
  enum: [...STOCK_ADJUSTMENT_REASONS, ...STOCK_ADJUSTMENT_REASONS.map((reason) => reason.toLowerCase()), null],
  description: 'Left out or null: SALE for a negative delta, RECEIPT for a positive one. SALE and DAMAGE must be negative, RECEIPT and RETURN positive; upper or lower case',
};
const noteSchema = ruleSchema(Rules.movementNote, { description: 'Blank or null is no note' });
const uuid = { ...string, format: 'uuid' } as const;
const locationIdSchema = { type: ['string', 'null'], format: 'uuid', description: "Where; left out or null: the workspace's default location" };
const transferEnds = { fromLocationId: { ...uuid, description: 'Where the stock leaves' }, toLocationId: { ...uuid, description: 'Where it arrives; another location than the source' } };
const notEnough = errorResponse(`${LocationMessages.notEnoughAt('<the source location>')}`);
const movementList = { type: 'array', items: ref('StockMovement') };
/** A movement id as the ledger position a count names: digits, 64-bit. */
export const ledgerPosition = { ...string, pattern: '^[0-9]{1,19}$' };

export const stockOpenApiSchemas = {
  StockMovement: {
    type: 'object',
    required: ['id', 'ledgerPosition', 'delta', 'quantityAfter', 'reason', 'note', 'createdAt', 'user', 'location', 'transferId'],
    properties: {
      id: { ...string, description: 'Increasing: a later movement of the product has a larger id' },
      ledgerPosition: { ...ledgerPosition, description: 'Its place in the ledger, as a stock count line names it: its own id' },
      delta: { ...integer, description: 'Signed: negative takes stock away; 0 for a stocktake that found the expected quantity' },
      quantityAfter: { ...ruleSchema(Rules.quantity), description: "The product's total stock after this movement; a transfer leaves it unchanged" },
      reason: { enum: [...STOCK_MOVEMENT_REASONS] },
      note: { type: ['string', 'null'] },
      createdAt: { ...string, format: 'date-time' },
      user: {
        description: 'Who made it; null when that account has since been deleted',
        oneOf: [{ type: 'object', required: ['id', 'fullName'], properties: { id: { ...string, format: 'uuid' }, fullName: string } }, { type: 'null' }],
      },
      location: {
        description: 'Where the stock moved; null when that location has since been deleted',
        oneOf: [{ type: 'object', required: ['id', 'name'], properties: { id: uuid, name: string } }, { type: 'null' }],
      },
      transferId: { type: ['string', 'null'], format: 'uuid', description: 'The transfer this movement is half of (a TRANSFER_OUT and a TRANSFER_IN share it)' },
    },
  },
  ProductStock: {
    type: 'object',
    required: ['total', 'levels'],
    properties: {
      total: { ...integer, description: "The product's quantity: the sum of its levels" },
      levels: {
        type: 'array',
        description: "Each location holding some, in the order of the locations' paths",
        items: {
          type: 'object',
          required: ['location', 'quantity', 'ledgerPosition'],
          properties: {
            location: ref('LocationRef'),
            quantity: integer,
            ledgerPosition: { ...ledgerPosition, description: "The id of the product's newest movement there ('0' when none was recorded): what a stock count line made now names" },
          },
        },
      },
    },
  },
  StockMovementPage: pageOf('movements', 'StockMovement'),
};

export const stockOpenApiPaths = {
  '/api/products/{id}/stock': {
    post: {
      operationId: 'adjustStock',
      tags: productTags,
      summary: 'Sell (negative delta) or receive (positive) stock, atomically, recording a stock movement',
      security: bearer,
      parameters: [productIdParam, idempotencyKeyParam],
      requestBody: jsonBody({
        type: 'object',
        additionalProperties: false,
        required: ['delta'],
        properties: { delta: ruleSchema(Rules.stockDelta, { not: { const: 0 } }), reason: adjustmentReasonSchema, note: noteSchema, locationId: locationIdSchema },
      }),
      responses: {
        200: oneProduct('The product with its new quantity'),
        400: invalidProductRequest,
        401: unauthenticated,
        403: notProductOwner,
        404: errorResponse('Product not found, or Location not found (also for another workspace\'s)'),
        409: errorResponse('Product is out of stock, or Insufficient stock available (at the location)'),
        ...idempotencyAnswers,
      },
    },
    get: {
      operationId: 'getProductStock',
      tags: productTags,
      summary: "Where a product's stock is: its total and each location holding some",
      security: bearer,
      parameters: [productIdParam],
      responses: { 200: jsonResponse("The product's stock", ref('ProductStock')), 400: invalidProductRequest, 401: unauthenticated, 404: productNotFound },
    },
  },
  '/api/products/{id}/stock/count': {
    post: {
      operationId: 'countStock',
      tags: productTags,
      summary: 'A stocktake: the counted quantity becomes the quantity, and the difference is recorded as a COUNT movement (0 when the count matched)',
      security: bearer,
      parameters: [productIdParam, idempotencyKeyParam],
      requestBody: jsonBody({
        type: 'object',
        additionalProperties: false,
        required: ['quantity'],
        properties: { quantity: ruleSchema(StockCountFields.quantity, { description: 'The quantity counted at the location' }), note: noteSchema, locationId: locationIdSchema },
      }),
      responses: {
        200: oneProduct('The product with its counted quantity'),
        400: invalidProductRequest,
        401: unauthenticated,
        403: notProductOwner,
        404: errorResponse('Product not found, or Location not found'),
        ...idempotencyAnswers,
      },
    },
  },
  '/api/products/{id}/transfer': {
    post: {
      operationId: 'transferStock',
      tags: productTags,
      summary: 'Moves stock of one product between two locations: a TRANSFER_OUT and a TRANSFER_IN sharing a transfer id; the total does not change',
      security: bearer,
      parameters: [productIdParam, idempotencyKeyParam],
      requestBody: jsonBody({
        type: 'object',
        additionalProperties: false,
        required: ['fromLocationId', 'toLocationId', 'quantity'],
        properties: { ...transferEnds, quantity: ruleSchema(TransferFields.quantity), note: noteSchema },
      }),
      responses: {
        200: jsonResponse('The product and the two movements', { type: 'object', required: ['product', 'movements'], properties: { product: ref('Product'), movements: movementList } }),
        400: errorResponse(`Validation failed, a malformed id, or ${LocationMessages.sameLocation}`),
        401: unauthenticated,
        403: errorResponse('Access denied. Insufficient permissions: transfers need the COUNTER role or above'),
        404: errorResponse('Product not found, or Location not found (also for another workspace\'s)'),
        409: notEnough,
        ...idempotencyAnswers,
      },
    },
  },
  '/api/transfers': {
    post: {
      operationId: 'transferStockBatch',
      tags: productTags,
      summary: 'Moves many products between two locations at once, all or nothing, under one transfer id',
      security: bearer,
      parameters: [idempotencyKeyParam],
      requestBody: jsonBody({
        type: 'object',
        additionalProperties: false,
        required: ['fromLocationId', 'toLocationId', 'lines'],
        properties: {
          ...transferEnds,
          lines: {
            type: 'array',
            minItems: 1,
            maxItems: TRANSFER_LINES_MAX,
            description: 'Each product once',
            items: { type: 'object', additionalProperties: false, required: ['productId', 'quantity'], properties: { productId: uuid, quantity: ruleSchema(TransferFields.quantity) } },
          },
          note: noteSchema,
        },
      }),
      responses: {
        200: jsonResponse('The transfer and its movements, two per product', {
          type: 'object',
          required: ['transferId', 'movements'],
          properties: {
            transferId: uuid,
            movements: { type: 'array', items: { allOf: [ref('StockMovement'), { type: 'object', required: ['productId'], properties: { productId: uuid } }] } },
          },
        }),
        400: errorResponse(`Validation failed, a malformed id, ${LocationMessages.sameLocation}, or ${LocationMessages.repeatedProduct}`),
        401: unauthenticated,
        403: errorResponse('Access denied. Insufficient permissions: transfers need the COUNTER role or above'),
        404: errorResponse('Product not found, or Location not found (also for another workspace\'s)'),
        409: notEnough,
        ...idempotencyAnswers,
      },
    },
  },
  '/api/products/{id}/movements': {
    get: {
      operationId: 'listStockMovements',
      tags: productTags,
      summary: "A product's stock history, newest first",
      security: bearer,
      parameters: [productIdParam, ...pageParams],
      responses: { 200: jsonResponse('A page of stock movements', ref('StockMovementPage')), 400: invalidProductRequest, 401: unauthenticated, 404: productNotFound },
    },
  },
};
