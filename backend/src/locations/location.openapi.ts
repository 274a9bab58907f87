import { LocationFields, LocationMessages } from '@stockroom/schema';
import { bearer, errorResponse, jsonBody, jsonResponse, ref, ruleSchema, string, unauthenticated } from '../rest/openapi-helpers';

const tags = ['Locations'];
const uuid = { ...string, format: 'uuid' } as const;
const idParam = { name: 'id', in: 'path', required: true, schema: uuid };
const denied = errorResponse('Access denied. Insufficient permissions: managing locations needs the EDITOR role or above (and a write token)');
export const locationNotFound = errorResponse(`${LocationMessages.notFound} (also for another workspace's location)`);
const invalid = errorResponse('Validation failed (message and per-field `fields`), or a malformed id: Invalid ID format');
const locationAnswer = (description: string) => jsonResponse(description, { type: 'object', required: ['location'], properties: { location: ref('Location') } });
const parentId = { type: ['string', 'null'], format: 'uuid', description: 'The location it goes inside; null: at the top' };
const locationBody = (required: string[]) =>
  jsonBody({
    type: 'object',
    additionalProperties: false,
    ...(required.length && { required }),
    properties: { name: ruleSchema(LocationFields.name), code: ruleSchema(LocationFields.code, { description: 'Blank or null is none' }), parentId },
  });

const location = {
  type: 'object',
  required: ['id', 'name', 'code', 'parentId', 'path', 'isDefault'],
  properties: {
    id: uuid,
    name: string,
    code: { type: ['string', 'null'] },
    parentId: { type: ['string', 'null'], format: 'uuid' },
    path: { ...string, description: 'Its ancestors\' names and its own: "Back room / Shelf B3"' },
    isDefault: { type: 'boolean', description: 'Where stock that names no place is; never deleted' },
  },
};

export const locationOpenApiSchemas = {
  Location: location,
  /** A location in the list, with what it and its sub-locations hold. */
  LocationWithFigures: {
    type: 'object',
    required: [...location.required, 'itemCount', 'stockValue'],
    properties: {
      ...location.properties,
      itemCount: { type: 'integer', minimum: 0, description: 'How many live products have stock here or in its sub-locations, each counted once' },
      stockValue: { type: 'number', minimum: 0, description: 'Sum of quantity x price of the stock here and in its sub-locations, live products only' },
    },
  },
  /** A location as a stock level or a movement names it. */
  LocationRef: { type: 'object', required: ['id', 'name', 'path'], properties: { id: uuid, name: string, path: string } },
};

export const locationOpenApiPaths = {
  '/api/locations': {
    get: {
      operationId: 'listLocations',
      tags,
      summary: "The workspace's locations with their paths, in the order of their paths",
      security: bearer,
      responses: {
        200: jsonResponse('The locations, each with what it holds', {
          type: 'object',
          required: ['locations'],
          properties: { locations: { type: 'array', items: ref('LocationWithFigures') } },
        }),
        401: unauthenticated,
        403: errorResponse('Access denied. Insufficient permissions'),
      },
    },
    post: {
      operationId: 'createLocation',
      tags,
      summary: 'Creates a location, at the top or inside another (editors and above)',
      security: bearer,
      requestBody: locationBody(['name']),
      responses: { 201: locationAnswer('Created'), 400: invalid, 401: unauthenticated, 403: denied, 404: locationNotFound, 409: errorResponse(LocationMessages.duplicateCode) },
    },
  },
  '/api/locations/{id}': {
    get: {
      operationId: 'getLocation',
      tags,
      summary: 'One location of the workspace',
      security: bearer,
      parameters: [idParam],
      responses: { 200: locationAnswer('The location'), 400: invalid, 401: unauthenticated, 403: errorResponse('Access denied. Insufficient permissions'), 404: locationNotFound },
    },
    put: {
      operationId: 'updateLocation',
      tags,
      summary: 'Renames, recodes or moves a location (editors and above): each field sent changes, the others stay',
      description: `A parent that is the location itself or one of its sub-locations is a 400 ('${LocationMessages.ownDescendant}').`,
      security: bearer,
      parameters: [idParam],
      requestBody: locationBody([]),
      responses: { 200: locationAnswer('The location as it is now'), 400: invalid, 401: unauthenticated, 403: denied, 404: locationNotFound, 409: errorResponse(LocationMessages.duplicateCode) },
    },
    delete: {
      operationId: 'deleteLocation',
      tags,
      summary: 'Deletes a location holding no stock (editors and above); its sub-locations move up to its parent',
      security: bearer,
      parameters: [idParam],
      responses: {
        200: jsonResponse('Deleted', { type: 'object', required: ['id'], properties: { id: uuid } }),
        400: invalid,
        401: unauthenticated,
        403: denied,
        404: locationNotFound,
        409: errorResponse(`${LocationMessages.holdsStock}, or ${LocationMessages.defaultNotDeleted}`),
      },
    },
  },
};
