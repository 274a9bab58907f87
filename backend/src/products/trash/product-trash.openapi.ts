import { BULK_MAX_IDS, TRASH_RETENTION_DAYS } from '@stockroom/schema';
import { bearer, errorResponse, integer, jsonBody, jsonResponse, pageOf, pageParams, ref, string, unauthenticated } from '../../rest/openapi-helpers';

const tags = ['Products'];
const uuid = { ...string, format: 'uuid' };
const idParam = { name: 'id', in: 'path', required: true, schema: uuid };
const invalid = errorResponse('Validation failed (message and per-field `fields`), or a malformed id: Invalid ID format');
const affected = (description: string) => jsonResponse(description, { type: 'object', required: ['affected'], properties: { affected: { ...integer, minimum: 0 } } });
const idsBody = (description: string) =>
  jsonBody({
    type: 'object',
    additionalProperties: false,
    required: ['ids'],
    properties: { ids: { type: 'array', minItems: 1, maxItems: BULK_MAX_IDS, items: uuid, description } },
  });

export const productTrashOpenApiSchemas = {
  TrashedProduct: {
    type: 'object',
    required: ['id', 'name', 'sku', 'barcode', 'category', 'price', 'quantity', 'imageUrl', 'deletedAt', 'purgeAt'],
    properties: {
      id: uuid,
      name: string,
      sku: { type: ['string', 'null'] },
      barcode: { type: ['string', 'null'] },
      category: string,
      price: { type: 'number' },
      quantity: integer,
      imageUrl: { type: ['string', 'null'] },
      deletedAt: { ...string, format: 'date-time', description: 'When it was moved to the trash' },
      purgeAt: { ...string, format: 'date-time', description: `When housekeeping deletes it for good (${TRASH_RETENTION_DAYS} days after deletedAt) unless it is restored first` },
    },
  },
  TrashedProductPage: pageOf('products', 'TrashedProduct'),
};

export const productTrashOpenApiPaths = {
  '/api/products/trash': {
    get: {
      operationId: 'listTrashedProducts',
      tags,
      summary: `Your deleted products, the most recently deleted first; each is deleted for good ${TRASH_RETENTION_DAYS} days after it was deleted`,
      security: bearer,
      parameters: pageParams,
      responses: { 200: jsonResponse('A page of the trash', ref('TrashedProductPage')), 400: invalid, 401: unauthenticated },
    },
    delete: {
      operationId: 'emptyTrash',
      tags,
      summary: 'Delete everything in your trash for good',
      security: bearer,
      responses: { 200: affected('How many products were deleted for good'), 401: unauthenticated },
    },
  },
  '/api/products/trash/{id}': {
    get: {
      operationId: 'getTrashedProduct',
      tags,
      summary: 'One of your products in the trash, so a link to a deleted product can offer it back',
      security: bearer,
      parameters: [idParam],
      responses: {
        200: jsonResponse('The trashed product', { type: 'object', required: ['product'], properties: { product: ref('TrashedProduct') } }),
        400: invalid,
        401: unauthenticated,
        404: errorResponse('Product not found: not in your trash (also for a live product and for another user’s product)'),
      },
    },
  },
  '/api/products/restore': {
    post: {
      operationId: 'restoreProducts',
      tags,
      summary: 'Bring products back from the trash, all or nothing',
      security: bearer,
      requestBody: idsBody('Your products in the trash (one already back in your catalogue is left as it is)'),
      responses: {
        200: affected('How many products were restored (those already back are not counted)'),
        400: invalid,
        401: unauthenticated,
        404: errorResponse('An id is not one of your products: nothing was restored'),
        409: errorResponse('A product of your catalogue now has the SKU of one of them (on the `sku` field): nothing was restored'),
      },
    },
  },
  '/api/products/purge': {
    post: {
      operationId: 'purgeProducts',
      tags,
      summary: 'Delete products for good (in the trash or not), all or nothing',
      security: bearer,
      requestBody: idsBody('Your products'),
      responses: {
        200: affected('How many products were deleted for good'),
        400: invalid,
        401: unauthenticated,
        404: errorResponse('An id is not one of your products: nothing was deleted'),
      },
    },
  },
  '/api/products/{id}/restore': {
    post: {
      operationId: 'restoreProduct',
      tags,
      summary: 'Bring a product back from the trash with its id, SKU and stock history',
      security: bearer,
      parameters: [idParam],
      responses: {
        200: jsonResponse('The restored product (one already back is answered as it is)', { type: 'object', required: ['product'], properties: { product: ref('Product') } }),
        400: invalid,
        401: unauthenticated,
        404: errorResponse('Product not found: not in your trash (also for another user’s product)'),
        409: errorResponse('Another product of your catalogue now has its SKU (on the `sku` field)'),
      },
    },
  },
};
