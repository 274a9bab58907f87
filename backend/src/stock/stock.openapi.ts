import { Rules, STOCK_ADJUSTMENT_REASONS, STOCK_MOVEMENT_REASONS, StockCountFields } from '@stockroom/schema';
import { invalidProductRequest, notProductOwner, oneProduct, productIdParam, productNotFound, productTags } from '../product-record/product-record.openapi';
import { bearer, errorResponse, integer, jsonBody, jsonResponse, pageOf, pageParams, ref, ruleSchema, string, unauthenticated } from '../rest/openapi-helpers';

/** The reasons an adjustment may give, in either case (answers name them in upper case); null is left out. */
export const adjustmentReasonSchema = {
  enum: [...STOCK_ADJUSTMENT_REASONS, ...STOCK_ADJUSTMENT_REASONS.map((reason) => reason.toLowerCase()), null],
  description: 'Left out or null: SALE for a negative delta, RECEIPT for a positive one. SALE and DAMAGE must be negative, RECEIPT and RETURN positive; upper or lower case',
};
const noteSchema = ruleSchema(Rules.movementNote, { description: 'Blank or null is no note' });

export const stockOpenApiSchemas = {
  StockMovement: {
    type: 'object',
    required: ['id', 'delta', 'quantityAfter', 'reason', 'note', 'createdAt', 'user'],
    properties: {
      id: { ...string, description: 'Increasing: a later movement of the product has a larger id' },
      delta: { ...integer, description: 'Signed: negative takes stock away; 0 for a stocktake that found the expected quantity' },
      quantityAfter: { ...ruleSchema(Rules.quantity), description: 'The quantity this movement left' },
      reason: { enum: [...STOCK_MOVEMENT_REASONS] },
      note: { type: ['string', 'null'] },
      createdAt: { ...string, format: 'date-time' },
      user: {
        description: 'Who made it; null when that account has since been deleted',
        oneOf: [{ type: 'object', required: ['id', 'fullName'], properties: { id: { ...string, format: 'uuid' }, fullName: string } }, { type: 'null' }],
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
      parameters: [productIdParam],
      requestBody: jsonBody({
        type: 'object',
        additionalProperties: false,
        required: ['delta'],
        properties: { delta: ruleSchema(Rules.stockDelta, { not: { const: 0 } }), reason: adjustmentReasonSchema, note: noteSchema },
      }),
      responses: {
        200: oneProduct('The product with its new quantity'),
        400: invalidProductRequest,
        401: unauthenticated,
        403: notProductOwner,
        404: productNotFound,
        409: errorResponse('Product is out of stock, or Insufficient stock available'),
      },
    },
  },
  '/api/products/{id}/stock/count': {
    post: {
      operationId: 'countStock',
      tags: productTags,
      summary: 'A stocktake: the counted quantity becomes the quantity, and the difference is recorded as a COUNT movement (0 when the count matched)',
      security: bearer,
      parameters: [productIdParam],
      requestBody: jsonBody({
        type: 'object',
        additionalProperties: false,
        required: ['quantity'],
        properties: { quantity: ruleSchema(StockCountFields.quantity, { description: 'The quantity counted' }), note: noteSchema },
      }),
      responses: { 200: oneProduct('The product with its counted quantity'), 400: invalidProductRequest, 401: unauthenticated, 403: notProductOwner, 404: productNotFound },
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
