import {
  ApproveStockCountFields,
  LocationMessages,
  NewStockCountFields,
  ProductMessages,
  STOCK_COUNT_APPROVE_LINES_MAX,
  STOCK_COUNT_LINE_STATUSES,
  STOCK_COUNT_STATUSES,
  StockCountLineFields,
  StockCountMessages,
  StockCountReviewFields,
} from '@stockroom/schema';
import { idempotencyAnswers, idempotencyKeyParam } from '../idempotency/idempotency.openapi';
import { bearer, errorResponse, integer, jsonBody, jsonResponse, pageOf, pageParams, ref, ruleSchema, string, unauthenticated } from '../rest/openapi-helpers';
import { ledgerPosition } from '../stock/stock.openapi';

const tags = ['Stock counts'];
const uuid = { ...string, format: 'uuid' } as const;
const dateTime = { ...string, format: 'date-time' } as const;
const nullable = (schema: Record<string, unknown>) => ({ oneOf: [schema, { type: 'null' }] });
const person = nullable({ type: 'object', required: ['id', 'fullName'], properties: { id: uuid, fullName: string } });
const idParam = { name: 'id', in: 'path', required: true, schema: uuid };
const notFound = errorResponse(`${StockCountMessages.notFound} (also for another workspace's)`);
const invalid = errorResponse('Validation failed (message and per-field `fields`), or a malformed id: Invalid ID format');
const forCounters = errorResponse('Access denied. Insufficient permissions: counting needs the COUNTER role or above');
const forAdmins = errorResponse('Access denied. Insufficient permissions: opening, approving and cancelling counts need the ADMIN role or above');
const noBody = { required: false, content: { 'application/json': { schema: { type: 'object', additionalProperties: false, properties: {} } } } };
const countAnswer = (description: string) => jsonResponse(description, { type: 'object', required: ['stockCount'], properties: { stockCount: ref('StockCount') } });
const withLines = (description: string) => jsonResponse(description, ref('StockCountWithLines'));
const place = {
  productId: uuid,
  productSku: { type: ['string', 'null'] },
  locationId: uuid,
  locationPath: { type: ['string', 'null'], description: 'null once the location is deleted' },
};

export const stockCountOpenApiSchemas = {
  StockCount: {
    type: 'object',
    required: ['id', 'status', 'blind', 'locationId', 'locationPath', 'category', 'createdAt', 'createdBy', 'submittedAt', 'closedAt', 'closedBy', 'lineCount'],
    properties: {
      id: uuid,
      status: { enum: [...STOCK_COUNT_STATUSES], description: 'OPEN (counting) -> IN_REVIEW (submitted) -> APPROVED (booked), or CANCELLED' },
      blind: { type: 'boolean', description: 'Counters do not see the expected quantities; those who approve do' },
      locationId: { type: ['string', 'null'], format: 'uuid', description: 'The location counted with the ones below it; null: every location' },
      locationPath: { type: ['string', 'null'], description: 'null for every location, or once the location is deleted' },
      category: { type: ['string', 'null'], description: 'The category counted; null: every category' },
      createdAt: dateTime,
      createdBy: person,
      submittedAt: { ...nullable(dateTime) },
      closedAt: { ...nullable(dateTime), description: 'When it was approved or cancelled' },
      closedBy: person,
      lineCount: { ...integer, minimum: 0 },
    },
  },
  StockCountLine: {
    type: 'object',
    required: ['id', 'productId', 'productName', 'productSku', 'locationId', 'locationPath', 'quantity', 'ledgerPosition', 'countedAt', 'countedBy', 'replaces', 'status', 'movementId', 'uncounted'],
    properties: {
      id: uuid,
      ...place,
      productName: { type: ['string', 'null'], description: 'null once the product is deleted for good' },
      quantity: ruleSchema(StockCountLineFields.quantity),
      ledgerPosition,
      countedAt: dateTime,
      countedBy: person,
      replaces: { type: ['string', 'null'], format: 'uuid', description: 'The line this one replaces' },
      status: { enum: [...STOCK_COUNT_LINE_STATUSES], description: 'PENDING until approval; then BOOKED, NOT_CHOSEN, or why it was not booked. REPLACED by a later line; CANCELLED with its count' },
      movementId: { type: ['string', 'null'], description: 'The COUNT movement its approval booked' },
      uncounted: { type: 'boolean', description: 'Written by the approval for stock no one counted, booked as 0' },
    },
  },
  StockCountWithLines: {
    type: 'object',
    required: ['stockCount', 'lines'],
    properties: { stockCount: ref('StockCount'), lines: { type: 'array', items: ref('StockCountLine') } },
  },
  StockCountReview: {
    type: 'object',
    required: ['expectedHidden', 'items', 'notCounted'],
    properties: {
      expectedHidden: { type: 'boolean', description: 'true when expected quantities are hidden from the caller (a blind count, to a counter)' },
      items: {
        type: 'array',
        description: "Each product and location the count's pending lines name: what approving would book",
        items: {
          type: 'object',
          required: ['productId', 'productName', 'productSku', 'locationId', 'locationPath', 'counted', 'expected', 'variance', 'varianceValue', 'lineIds'],
          properties: {
            ...place,
            productName: { type: ['string', 'null'] },
            counted: { ...integer, minimum: 0, description: 'The sum of its pending lines' },
            expected: { type: ['integer', 'null'], description: "The quantity there at the lines' earliest ledger position; null when hidden" },
            variance: { type: ['integer', 'null'], description: 'counted - expected: the COUNT movement approving would book' },
            varianceValue: { type: ['number', 'null'], description: 'variance x price' },
            lineIds: { type: 'array', items: uuid },
          },
        },
      },
      notCounted: {
        type: 'array',
        description: "Stock in the count's scope that no line names",
        items: {
          type: 'object',
          required: ['productId', 'productName', 'productSku', 'locationId', 'locationPath', 'expected', 'varianceValue'],
          properties: { ...place, productName: string, expected: { type: ['integer', 'null'] }, varianceValue: { type: ['number', 'null'], description: '-expected x price' } },
        },
      },
    },
  },
  StockCountPage: pageOf('stockCounts', 'StockCount'),
  StockCountStock: {
    type: 'object',
    required: ['locationIds', 'quantitiesHidden', 'products'],
    properties: {
      locationIds: { type: 'array', items: uuid, description: "The scope's locations: the count's location and the ones below it, or every location" },
      quantitiesHidden: { type: 'boolean', description: 'true when quantities are null because the count is blind and the caller is below ADMIN' },
      products: {
        type: 'array',
        description: "Every live product of the scope's category (or every one), each with its levels holding stock at the scope's locations",
        items: {
          type: 'object',
          required: ['productId', 'levels'],
          properties: {
            productId: uuid,
            levels: {
              type: 'array',
              description: "A scope location not listed holds none of the product: a line there names '0'",
              items: {
                type: 'object',
                required: ['locationId', 'quantity', 'ledgerPosition'],
                properties: {
                  locationId: uuid,
                  quantity: { type: ['integer', 'null'], description: 'The quantity there now; null when hidden' },
                  ledgerPosition: { ...ledgerPosition, description: "The id of the product's newest movement there: what a count line made now names" },
                },
              },
            },
          },
        },
      },
    },
  },
};

export const stockCountOpenApiPaths = {
  '/api/stock-counts': {
    get: {
      operationId: 'listStockCounts',
      tags,
      summary: "The workspace's stock counts, newest first",
      security: bearer,
      parameters: pageParams,
      responses: { 200: jsonResponse('A page of stock counts', ref('StockCountPage')), 400: invalid, 401: unauthenticated, 403: errorResponse('Access denied. Insufficient permissions') },
    },
    post: {
      operationId: 'createStockCount',
      tags,
      summary: 'Opens a stock count of a location and the ones below it, a category, both, or the whole workspace (admins and above)',
      security: bearer,
      requestBody: jsonBody({
        type: 'object',
        additionalProperties: false,
        properties: {
          locationId: { type: ['string', 'null'], format: 'uuid', description: 'Left out or null: every location' },
          category: ruleSchema(NewStockCountFields.category, { description: 'Left out or null: every category' }),
          blind: { type: ['boolean', 'null'], description: 'Hide the expected quantities from counters (default false)' },
        },
      }),
      responses: { 201: countAnswer('Opened'), 400: invalid, 401: unauthenticated, 403: forAdmins, 404: errorResponse(LocationMessages.notFound) },
    },
  },
  '/api/stock-counts/{id}': {
    get: {
      operationId: 'getStockCount',
      tags,
      summary: 'One stock count with its lines',
      security: bearer,
      parameters: [idParam],
      responses: { 200: withLines('The count and its lines'), 400: invalid, 401: unauthenticated, 403: errorResponse('Access denied. Insufficient permissions'), 404: notFound },
    },
  },
  '/api/stock-counts/{id}/review': {
    get: {
      operationId: 'getStockCountReview',
      tags,
      summary: "What the count's pending lines would book, and the stock no one counted",
      description: 'In a blind count, expected quantities, variances and values are null to anyone below ADMIN, and items are sorted by product.',
      security: bearer,
      parameters: [idParam, { name: 'sortBy', in: 'query', schema: ruleSchema(StockCountReviewFields.sortBy, { default: 'value', description: 'value: the largest difference in money first; product: by name' }) }],
      responses: { 200: jsonResponse('The review', ref('StockCountReview')), 400: invalid, 401: unauthenticated, 403: errorResponse('Access denied. Insufficient permissions'), 404: notFound },
    },
  },
  '/api/stock-counts/{id}/stock': {
    get: {
      operationId: 'getStockCountStock',
      tags,
      summary: "The stock of an OPEN count's scope with each level's ledger position, read at one moment, to count with no network (counters and above)",
      description:
        'Every live product of the scope with its levels holding stock at the scope\'s locations. In a blind count, quantities are null to anyone below ADMIN (counters must not see expected quantities); the positions are given, so lines can still be set against the ledger.',
      security: bearer,
      parameters: [idParam],
      responses: {
        200: jsonResponse("The scope's stock", ref('StockCountStock')),
        400: invalid,
        401: unauthenticated,
        403: forCounters,
        404: notFound,
        409: errorResponse(StockCountMessages.closed),
      },
    },
  },
  '/api/stock-counts/{id}/lines': {
    post: {
      operationId: 'addStockCountLine',
      tags,
      summary: 'Records a line of an OPEN count: a quantity of a product found at a location, and the ledger position the device had seen there (counters and above)',
      description:
        "Lines of one product and location add up (two counters on two halves of a shelf) unless one `replaces` another. Approving books `their sum - the quantity there at their earliest ledgerPosition`, so movements after it stand.",
      security: bearer,
      parameters: [idParam, idempotencyKeyParam],
      requestBody: jsonBody({
        type: 'object',
        additionalProperties: false,
        required: ['productId', 'quantity', 'ledgerPosition'],
        properties: {
          productId: uuid,
          locationId: { type: ['string', 'null'], format: 'uuid', description: "Left out or null: the count's location, else the workspace's default one" },
          quantity: ruleSchema(StockCountLineFields.quantity),
          ledgerPosition: {
            oneOf: [ledgerPosition, { ...integer, minimum: 0, maximum: Number.MAX_SAFE_INTEGER }],
            description: "The id of the newest movement of the product there the device had seen: its stock answer's ledgerPosition; '0' for none",
          },
          countedAt: { ...nullable(dateTime), description: 'When it was counted (not in the future); left out: now' },
          replaces: { type: ['string', 'null'], format: 'uuid', description: 'A pending line of the same product and location in this count that this one replaces' },
        },
      }),
      responses: {
        201: jsonResponse('Recorded', { type: 'object', required: ['line'], properties: { line: ref('StockCountLine') } }),
        400: errorResponse(`Validation failed, a malformed id, ${StockCountMessages.outsideScope}, or ${StockCountMessages.replacesOther}`),
        401: unauthenticated,
        403: forCounters,
        404: errorResponse(`${StockCountMessages.notFound}, ${ProductMessages.notFound}, or ${LocationMessages.notFound} (also for another workspace's)`),
        409: errorResponse(StockCountMessages.closed),
        ...idempotencyAnswers,
      },
    },
  },
  '/api/stock-counts/{id}/submit': {
    post: {
      operationId: 'submitStockCount',
      tags,
      summary: 'Hands an OPEN count over for review: IN_REVIEW, and no more lines (counters and above)',
      security: bearer,
      parameters: [idParam],
      requestBody: noBody,
      responses: { 200: countAnswer('Submitted'), 400: invalid, 401: unauthenticated, 403: forCounters, 404: notFound, 409: errorResponse(StockCountMessages.closed) },
    },
  },
  '/api/stock-counts/{id}/approve': {
    post: {
      operationId: 'approveStockCount',
      tags,
      summary: "Approves a submitted count, booking each chosen product and location's difference as a COUNT movement in one transaction (admins and above)",
      description:
        'Each line says what became of it: BOOKED (with its movement), NOT_CHOSEN, or why it was not booked (PRODUCT_DELETED, LOCATION_DELETED, BELOW_ZERO, OVER_MAXIMUM). `notCountedAsZero` books the stock no line counted as 0, as lines of their own.',
      security: bearer,
      parameters: [idParam],
      requestBody: {
        required: false,
        content: {
          'application/json': {
            schema: {
              type: 'object',
              additionalProperties: false,
              properties: {
                lineIds: { type: ['array', 'null'], maxItems: STOCK_COUNT_APPROVE_LINES_MAX, items: uuid, description: 'The pending lines to book; left out or null: all of them' },
                notCountedAsZero: ruleSchema(ApproveStockCountFields.notCountedAsZero, { type: ['boolean', 'null'], description: 'Book the stock no line counted as 0 (default false)' }),
              },
            },
          },
        },
      },
      responses: {
        200: withLines('Approved: the count and every line with its outcome'),
        400: errorResponse(`Validation failed, a malformed id, or ${StockCountMessages.unknownLines}`),
        401: unauthenticated,
        403: forAdmins,
        404: notFound,
        409: errorResponse(StockCountMessages.notInReview),
      },
    },
  },
  '/api/stock-counts/{id}/cancel': {
    post: {
      operationId: 'cancelStockCount',
      tags,
      summary: 'Cancels an OPEN or IN_REVIEW count; nothing is booked (admins and above)',
      security: bearer,
      parameters: [idParam],
      requestBody: noBody,
      responses: { 200: countAnswer('Cancelled'), 400: invalid, 401: unauthenticated, 403: forAdmins, 404: notFound, 409: errorResponse(StockCountMessages.alreadyClosed) },
    },
  },
};
