import { DEFAULT_PRODUCT_SORT, ProductListFields, STOCK_STATUSES } from '@stockroom/schema';
import { pageParams, ruleSchema } from '../../rest/openapi-helpers';

/** A stock status as REST takes it: in, low or out, or the GraphQL names in either case. */
export const stockStatusSchema = { enum: ['in', 'low', 'out', ...STOCK_STATUSES, ...STOCK_STATUSES.map((status) => status.toLowerCase())] };
export const searchSchema = ruleSchema(ProductListFields.search);
/** The list's query parameters: its page, filters and sort. */
export const listParams = [
  ...pageParams,
  {
    name: 'search',
    in: 'query',
    description: 'Substring, ignoring accents and case, of the name, description, category or SKU, or exactly the barcode; an exact SKU (any case) or barcode comes first',
    schema: searchSchema,
  },
  { name: 'category', in: 'query', schema: ruleSchema(ProductListFields.category) },
  { name: 'inStock', in: 'query', schema: { enum: ['true', 'false'] } },
  {
    name: 'stockStatus',
    in: 'query',
    description: 'in, low or out, or the GraphQL names (IN_STOCK, LOW_STOCK, OUT_OF_STOCK) in either case. low: 0 < quantity <= reorderLevel',
    schema: stockStatusSchema,
  },
  {
    name: 'locationId',
    in: 'query',
    description: 'Only products with stock at this location or below it, each with its quantityAtLocation (another workspace\'s location: 404)',
    schema: { type: 'string', format: 'uuid' },
  },
  { name: 'sortBy', in: 'query', schema: ruleSchema(ProductListFields.sortBy, { default: DEFAULT_PRODUCT_SORT.sortBy }) },
  { name: 'sortOrder', in: 'query', schema: ruleSchema(ProductListFields.sortOrder, { default: DEFAULT_PRODUCT_SORT.sortOrder }) },
];
