import { formatCount, IMPORT_COLUMN_FIELDS, IMPORT_LIMITS, ImportMessages, PRODUCT_IMPORT_MODES, ProductMessages } from '@stockroom/schema';
import { bearer, errorResponse, integer, jsonResponse, ref, string, unauthenticated } from '../../rest/openapi-helpers';

const count = (description: string) => ({ ...integer, minimum: 0, description });

/** What a dry run or an import answers (an import refused for its errors too, beside its message and code). */
const resultProperties = {
  dryRun: { type: 'boolean' },
  mode: { enum: [...PRODUCT_IMPORT_MODES] },
  rows: count('Product rows in the file'),
  created: count('New products (would be) made (with a location column, the rows of one product make one)'),
  updated: count('Products (would be) changed, matched by SKU: a field or a stock level'),
  unchanged: count('Products matched by SKU that already have every value and level their rows hold'),
  failed: count('Rows with at least one error'),
  errors: {
    type: 'array',
    maxItems: IMPORT_LIMITS.maxErrors,
    description: `The first ${formatCount(IMPORT_LIMITS.maxErrors)} errors, in row order; rows numbered as the file shows them (a CSV file's header is row 1)`,
    items: {
      type: 'object',
      required: ['row', 'column', 'message'],
      properties: { row: { ...integer, minimum: 1 }, column: { type: ['string', 'null'], description: 'The header of the cell at fault' }, message: string },
    },
  },
  errorsTruncated: { type: 'boolean', description: 'More errors than are listed' },
  columns: {
    type: 'array',
    description: "The file's columns in order, each with the field it fills: mapped, ignored (the export's id and dates, or left out by the mapping) or unmapped (a header known by no name)",
    items: {
      type: 'object',
      required: ['header', 'field', 'status'],
      properties: { header: string, field: { enum: [...IMPORT_COLUMN_FIELDS, null] }, status: { enum: ['mapped', 'ignored', 'unmapped'] } },
    },
  },
};
const resultRequired = Object.keys(resultProperties);

export const productImportOpenApiPaths = {
  '/api/products/import': {
    post: {
      operationId: 'importProducts',
      tags: ['Products'],
      summary: 'Import products from a CSV file or an Excel workbook into your catalogue: a dry run, or all rows or none',
      description:
        `CSV: UTF-8 with or without a BOM, comma, semicolon or tab separated (told from the header line), its header the first line. XLSX: its first visible sheet, its header the first of its first ${IMPORT_LIMITS.headerSearchRows} rows with a name and a price column (a title above it is passed over). Headers are matched by name and common aliases ("Product Name", "Title", "Qty", "Stock", "Price (USD)", "EAN"...). Every row is checked with the product rules; a price may be written "$12.50" or "12,50". Applied, every row lands in one transaction with one activity entry; a changed quantity is an IMPORT stock movement.\n\n` +
        'Locations: an optional `location` column (the header `location`, or mapped to the field `location`) names where a row\'s stock is, by the location\'s path as an export by location writes it ("Shop / Back room") or by its code, trimmed and in any case; a path comes before a code, and a path two locations share must be given as a code. Blank, or no such column: the default location. A location the workspace does not have is that row\'s error ("Unknown location \'Garage\'..."); none is ever created. With the column, each row sets the product\'s level there to its `location_quantity` cell (field `locationQuantity`), or to its `quantity` cell when the file has no `location_quantity` column; a blank cell leaves the level as it is (0 for a new product). Rows with one SKU (or one export `id`, for products without a SKU) are one product at several locations: each location once, the other cells alike. The product\'s quantity becomes the sum of its levels: those the file names are set, the others keep what they hold, and the file\'s `quantity` column (a total in an export) is not read when `location_quantity` is there. Each level that changes is an IMPORT movement at its location, so an export by location (`GET /api/products/export?rows=location`) imports back to the same levels.',
      security: bearer,
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file'],
              properties: {
                file: { ...string, contentMediaType: 'application/octet-stream', description: `CSV or .xlsx, at most ${IMPORT_LIMITS.maxBytes} bytes and ${IMPORT_LIMITS.maxRows} product rows` },
                mode: { enum: [...PRODUCT_IMPORT_MODES], default: 'create', description: 'create: every row is a new product; upsert: a row whose SKU is one of yours updates it' },
                dryRun: { enum: ['true', 'false'], default: 'false', description: 'true: check every row and count what would happen, writing nothing' },
                mapping: { ...string, contentMediaType: 'application/json', description: `A JSON object from column header to product field, \`location\` or \`locationQuantity\` (or null to leave the column out), over the headers as recognised` },
              },
            },
          },
        },
      },
      responses: {
        200: jsonResponse('What the dry run would do, or what the import did', { type: 'object', required: resultRequired, properties: resultProperties }),
        400: jsonResponse(`Options or file refused (empty, a header only, no header row in a workbook, over ${IMPORT_LIMITS.maxRows} rows, unreadable); or an import with row errors: "${ImportMessages.nothingImported(2)}" and the dry run's body`, {
          anyOf: [ref('Error'), { type: 'object', required: ['message', 'code', ...resultRequired], properties: { message: string, code: { const: 'BAD_USER_INPUT' }, ...resultProperties } }],
        }),
        401: unauthenticated,
        409: errorResponse(`A SKU of the file was taken by another change while the import ran, or a stock level it sets or a location it names changed ("${ImportMessages.levelsChanged}"): nothing was written`),
        413: errorResponse(ImportMessages.tooLarge),
        415: errorResponse(`${ImportMessages.notSpreadsheet}, or text that is not UTF-8, or not a multipart/form-data request`),
        429: errorResponse(
          `Too many requests by this session or token in this window; or every import slot of the instance is taken (imports and exports together run on at most half its database pool): "${ProductMessages.busy}". Ask again after Retry-After seconds`,
        ),
      },
    },
  },
};
