import { registerEnumType } from 'type-graphql';
import { PRODUCT_SORT_FIELDS, SORT_ORDERS, STOCK_STATUSES, type StockStatus } from '@stockroom/schema';
import { enumNamedInCapitals } from '../../common/graphql-enum';

/** The sort fields and orders of the shared rules; GraphQL names them in capitals (`NAME`, `ASC`) and resolvers get the rules' values. */
export const ProductSortBy = enumNamedInCapitals(PRODUCT_SORT_FIELDS);
export type ProductSortBy = (typeof ProductSortBy)[keyof typeof ProductSortBy];
export const SortDirection = enumNamedInCapitals(SORT_ORDERS);
export type SortDirection = (typeof SortDirection)[keyof typeof SortDirection];
registerEnumType(ProductSortBy, { name: 'ProductSortBy', description: 'DATE is the creation time' });
registerEnumType(SortDirection, { name: 'SortOrder' });
/** The stock statuses, named as the shared rules name them. */
export const StockStatusFilter = Object.fromEntries(STOCK_STATUSES.map((status) => [status, status])) as { readonly [S in StockStatus]: S };
registerEnumType(StockStatusFilter, { name: 'StockStatus', description: 'LOW_STOCK: 0 < quantity <= reorderLevel (also counted as in stock)' });
