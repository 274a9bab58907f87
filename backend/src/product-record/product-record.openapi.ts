import { errorResponse, jsonResponse, ref, string } from '../rest/openapi-helpers';

/** What the catalogue's and the stock's paths under /api/products/{id} say alike: the id, the answer with one product, the refusals. */

export const productTags = ['Products'];
export const productIdParam = { name: 'id', in: 'path', required: true, schema: { ...string, format: 'uuid' } };
export const oneProduct = (description: string) => jsonResponse(description, { type: 'object', required: ['product'], properties: { product: ref('Product') } });
export const invalidProductRequest = errorResponse('Validation failed (message and per-field `fields`), or a malformed id: Invalid ID format');
export const productNotFound = errorResponse('Product not found (also for another user’s product)');
export const notProductOwner = errorResponse('You can only modify products you created');
