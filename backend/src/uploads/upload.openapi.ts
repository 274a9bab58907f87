import { TextPatterns, UPLOAD } from '@stockroom/schema';
import { bearer, errorResponse, jsonResponse, ref, string, unauthenticated } from '../rest/openapi-helpers';

const imageForm = (field: string) => ({
  required: true,
  content: {
    'multipart/form-data': {
      schema: { type: 'object', required: [field], properties: { [field]: { ...string, contentMediaType: 'application/octet-stream', description: `A JPEG, PNG or WebP image of at most ${UPLOAD.maxBytes} bytes, told by its content (not its name or declared type)` } } },
    },
  },
});
const userAnswer = (description: string) =>
  jsonResponse(`${description}; the image is stored re-encoded, at most 2048 px on its longer side`, { type: 'object', required: ['user'], properties: { user: ref('User') } });
const idParam = { name: 'id', in: 'path', required: true, schema: { ...string, format: 'uuid' } };
const tooLarge = errorResponse('Image cannot exceed 5 MB, or 40 megapixels once decoded');
const unsupported = errorResponse('Not a JPEG, PNG or WebP image, or not a multipart/form-data request');
const missing = errorResponse('No file in the field (Choose an image to upload), or Invalid ID format');
const throttled = errorResponse('Too many uploads from this account in the window (see Retry-After)');
const busy = errorResponse('Every image decoder is busy and the queue for them is full; try again after Retry-After seconds');
const forbidden = errorResponse('Access denied. Insufficient permissions (neither the user themself nor an admin)');

export const uploadOpenApiPaths = {
  '/api/users/{id}/avatar': {
    post: {
      operationId: 'uploadAvatar',
      tags: ['Users'],
      summary: "Upload a user's avatar (the user themself or an admin); replaces and deletes the previous one",
      security: bearer,
      parameters: [idParam],
      requestBody: imageForm('avatar'),
      responses: { 200: userAnswer('The user with the new avatar path'), 400: missing, 401: unauthenticated, 403: forbidden, 404: errorResponse('User not found'), 413: tooLarge, 415: unsupported, 429: throttled, 503: busy },
    },
    delete: {
      operationId: 'deleteAvatar',
      tags: ['Users'],
      summary: "Remove a user's avatar (the user themself or an admin)",
      security: bearer,
      parameters: [idParam],
      responses: { 200: userAnswer('The user without an avatar'), 400: errorResponse('Invalid ID format'), 401: unauthenticated, 403: forbidden, 404: errorResponse('User not found') },
    },
  },
  '/api/products/images': {
    post: {
      operationId: 'uploadProductImage',
      tags: ['Products'],
      summary: 'Upload a product image; the answer is a path to use as a product’s imageUrl',
      security: bearer,
      requestBody: imageForm('image'),
      responses: {
        201: jsonResponse('Stored, re-encoded, at most 2048 px on its longer side', { type: 'object', required: ['url'], properties: { url: { ...string, pattern: TextPatterns.uploadPath } } }),
        400: errorResponse('No file in the field: Choose an image to upload'),
        401: unauthenticated,
        413: tooLarge,
        415: unsupported,
        429: throttled,
        503: busy,
      },
    },
  },
};
