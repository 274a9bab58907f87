import {
  LOCATION_EXPORT_HEADERS,
  PRODUCT_CREATE_REQUIRED,
  PRODUCT_EXPORT_FORMATS,
  PRODUCT_EXPORT_ROWS,
  PRODUCT_INPUT_ORDER,
  PRODUCT_OPENAPI_ORDER,
  ProductMessages,
  ProductListFields,
  Rules,
  productField,
  writableField,
  type ProductFieldName,
  type TextRule,
  type WritableProductFieldName,
} from '@stockroom/schema';
import { invalidProductRequest as invalid, notProductOwner as notOwner, oneProduct as one, productIdParam as idParam, productNotFound as notFound, productTags as tags } from '../../product-record/product-record.openapi';
import { bearer, errorResponse, integer, jsonBody, jsonResponse, pageOf, ref, ruleSchema, string, unauthenticated } from '../../rest/openapi-helpers';
import { stockOpenApiSchemas } from '../../stock/stock.openapi';
import { EXPORT_COLUMNS } from '../import-export/product-export.queries';
import { listParams, searchSchema } from '../list-query/product-list.openapi';

const page = jsonResponse('A page of products', ref('ProductPage'));
/** A product's version counts its changes from 1 and is an SQL integer. */
const versionSchema = ruleSchema(Rules.version);

/** A draft text field of a create: its rule's text, or a blank one, which (like leaving the field out) takes the draft value. */
const draftText = (rule: TextRule, draft: string) => ({
  anyOf: [ruleSchema(rule), { type: 'string', pattern: '^\\s*$', description: 'Blank: the draft value' }],
  default: draft,
});

/** A writable field in a request body: its rule, with the default a create fills in and what the table says of it. */
function inputSchema(name: WritableProductFieldName, blankIsDraft: boolean) {
  const field = writableField(name);
  if (blankIsDraft && field.type === 'text' && typeof field.default === 'string') return draftText(field.rule as TextRule, field.default);
  return ruleSchema(field.rule, { ...(field.default !== undefined && { default: field.default }), ...(field.docs?.input !== undefined && { description: field.docs.input }) });
}

/** The product fields a client may write; owner, version and timestamps are the server's. */
const productInput = (required: readonly string[], blankIsDraft = false) => ({
  type: 'object',
  additionalProperties: false,
  required,
  properties: Object.fromEntries(PRODUCT_INPUT_ORDER.map((name) => [name, inputSchema(name, blankIsDraft)])),
});

/** A field of an answer: its JSON type (null where the field may be none), format and description. */
function answerSchema(name: ProductFieldName): Record<string, unknown> {
  const field = productField(name);
  const description = field.docs?.openapi === undefined ? {} : { description: field.docs.openapi };
  const nullable = (type: string) => (field.nullable ? [type, 'null'] : type);
  switch (field.type) {
    case 'id':
      return { ...string, format: 'uuid', ...description };
    case 'timestamp':
      return { ...string, format: 'date-time', ...description };
    case 'text':
      return { type: nullable('string'), ...description };
    case 'money':
      return { type: nullable('number'), ...description };
    case 'boolean':
      return { type: nullable('boolean'), ...description };
    case 'integer':
      return !field.writable && field.rule ? ruleSchema(field.rule, description) : { type: nullable('integer'), ...description };
  }
}

export const productOpenApiSchemas = {
  Product: {
    type: 'object',
    // Every answer carries every field (null where a value is absent), so a typed client need not check for any.
    required: PRODUCT_OPENAPI_ORDER,
    properties: Object.fromEntries(PRODUCT_OPENAPI_ORDER.map((name) => [name, answerSchema(name)])),
  },
  /** A product in a list: in one filtered by locationId, with its stock at that location and below it. */
  ListedProduct: {
    type: 'object',
    required: PRODUCT_OPENAPI_ORDER,
    properties: {
      ...Object.fromEntries(PRODUCT_OPENAPI_ORDER.map((name) => [name, answerSchema(name)])),
      quantityAtLocation: { ...integer, description: 'Only in a list filtered by locationId: the stock at that location and below it' },
    },
  },
  ProductPage: pageOf('products', 'ListedProduct'),
  // A product's stock history, beside the product it belongs to.
  ...stockOpenApiSchemas,
  ProductStats: {
    type: 'object',
    properties: { totalProducts: integer, inStock: integer, outOfStock: integer, lowStock: integer, inventoryValue: { type: 'number', description: 'Sum of price x quantity' } },
  },
};

/**
 * Request bodies rather than schemas: a generator such as openapi-typescript
 * makes a property with a default optional only in a request body, and here
 * a default is what the server fills in when the field is left out.
 */
export const productOpenApiRequestBodies = {
  ProductInput: jsonBody(productInput(PRODUCT_CREATE_REQUIRED, true)),
  ProductChanges: jsonBody({
    ...productInput([]),
    properties: { ...productInput([]).properties, version: { ...versionSchema, description: 'The version edited: 409 when a field sent has changed since to another value (a sale or an edit of other fields is no conflict)' } },
  }),
};
/** A list filtered by another workspace's location (or none). */
const locationNotFound = errorResponse("Location not found: the locationId is not one of the workspace's");
const requestBodyRef = (name: keyof typeof productOpenApiRequestBodies) => ({ $ref: `#/components/requestBodies/${name}` });

export const productOpenApiPaths = {
  '/api/products': {
    get: { operationId: 'listProducts', tags, summary: "List the caller's products", security: bearer, parameters: listParams, responses: { 200: page, 400: invalid, 401: unauthenticated, 404: locationNotFound } },
    post: {
      operationId: 'createProduct',
      tags,
      summary: 'Create a product',
      security: bearer,
      requestBody: requestBodyRef('ProductInput'),
      responses: { 201: one('Created'), 400: invalid, 401: unauthenticated, 409: errorResponse('Another of your products has this SKU (on the `sku` field)') },
    },
  },
  '/api/products/export': {
    get: {
      operationId: 'exportProducts',
      tags,
      summary: "Download the caller's list as CSV or Excel",
      description:
        'Every product the filters match (all pages), in the list\'s order, as an attachment named `stockroom-products-YYYY-MM-DD.csv` (or `.xlsx`; the date in UTC). ' +
        `Columns: ${Object.keys(EXPORT_COLUMNS).join(', ')}. ` +
        "CSV: RFC 4180, UTF-8 with a BOM, CRLF line ends; a cell starting with =, +, -, @, tab or carriage return is prefixed with ' so a spreadsheet shows it as text. " +
        'The file is streamed: a failure after it has started closes the connection, so an incomplete download never looks whole.',
      security: bearer,
      parameters: [
        { name: 'format', in: 'query', description: 'Left out: csv', schema: { enum: [...PRODUCT_EXPORT_FORMATS], default: 'csv' } },
        {
          name: 'rows',
          in: 'query',
          description: `Left out: product, one row per product. location: one row per product and location holding some (a product with none anywhere: one row at the default location), with two more columns, ${LOCATION_EXPORT_HEADERS.path} (its path) and ${LOCATION_EXPORT_HEADERS.quantity}`,
          schema: { enum: [...PRODUCT_EXPORT_ROWS], default: 'product' },
        },
        ...listParams.filter((p) => p.name !== 'page' && p.name !== 'limit' && p.name !== 'locationId'),
      ],
      responses: {
        200: {
          description: 'The file',
          headers: { 'Content-Disposition': { description: 'attachment; filename="stockroom-products-YYYY-MM-DD.csv"', schema: string } },
          content: {
            'text/csv': { schema: { ...string, description: 'A header row, then one row per product' } },
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': { schema: { ...string, format: 'binary' } },
          },
        },
        400: errorResponse('Validation failed: an unknown format or rows, or a bad filter or sort (message and per-field `fields`)'),
        401: unauthenticated,
        429: errorResponse(
          `Too many requests by this session or token in this window; or every export slot of the instance is taken (imports and exports together run on at most half its database pool): "${ProductMessages.busy}". Ask again after Retry-After seconds`,
        ),
      },
    },
  },
  '/api/products/stats': {
    get: {
      operationId: 'getProductStats',
      tags,
      summary: 'Totals over the whole catalogue',
      security: bearer,
      responses: { 200: jsonResponse('Stats', { type: 'object', properties: { stats: ref('ProductStats') } }), 401: unauthenticated },
    },
  },
  '/api/products/categories': {
    get: {
      operationId: 'listCategories',
      tags,
      summary: "The caller's categories, sorted",
      security: bearer,
      responses: { 200: jsonResponse('Categories', { type: 'object', properties: { categories: { type: 'array', items: string } } }), 401: unauthenticated },
    },
  },
  '/api/products/featured': {
    get: {
      operationId: 'listFeaturedProducts',
      tags,
      summary: "The caller's featured products, newest first (at most 10)",
      security: bearer,
      responses: { 200: jsonResponse('Featured products', { type: 'object', properties: { products: { type: 'array', items: ref('Product') } } }), 401: unauthenticated },
    },
  },
  '/api/products/search': {
    get: {
      operationId: 'searchProducts',
      tags,
      summary: 'Search by name, description or category, or an exact SKU or barcode',
      security: bearer,
      parameters: [{ name: 'q', in: 'query', required: true, schema: searchSchema }, ...listParams.filter((p) => p.name !== 'search')],
      responses: { 200: page, 400: invalid, 401: unauthenticated, 404: locationNotFound },
    },
  },
  '/api/products/category/{category}': {
    get: {
      operationId: 'listProductsByCategory',
      tags,
      summary: 'List one category',
      security: bearer,
      parameters: [{ name: 'category', in: 'path', required: true, schema: ruleSchema(ProductListFields.category) }, ...listParams.filter((p) => p.name !== 'category')],
      responses: { 200: page, 400: invalid, 401: unauthenticated, 404: locationNotFound },
    },
  },
  '/api/products/{id}': {
    get: { operationId: 'getProduct', tags, summary: 'One product', security: bearer, parameters: [idParam], responses: { 200: one('The product'), 400: invalid, 401: unauthenticated, 404: notFound } },
    put: {
      operationId: 'updateProduct',
      tags,
      summary: 'Change a product (only the fields sent)',
      security: bearer,
      parameters: [idParam],
      requestBody: requestBodyRef('ProductChanges'),
      responses: { 200: one('Updated'), 400: invalid, 401: unauthenticated, 403: notOwner, 404: notFound, 409: errorResponse('The product changed since `version`, or another of your products has this SKU (on the `sku` field)') },
    },
    delete: {
      operationId: 'deleteProduct',
      tags,
      summary: 'Move a product to the trash (restorable until it is purged), or with permanent=true delete it for good',
      security: bearer,
      parameters: [
        idParam,
        {
          name: 'permanent',
          in: 'query',
          description: 'true: delete it for good, from the trash or the catalogue (someone else’s product in their trash is 404); left out or false: move it to the trash',
          schema: { enum: ['true', 'false'], default: 'false' },
        },
      ],
      responses: {
        200: jsonResponse('Moved to the trash (or deleted for good)', { type: 'object', properties: { message: string, id: { ...string, format: 'uuid' } } }),
        400: invalid,
        401: unauthenticated,
        403: notOwner,
        404: notFound,
      },
    },
  },
};
