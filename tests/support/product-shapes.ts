import type { ProductView } from '../../backend/src/product-record/product-view.types';

/*
 * The product shapes the tests send and read, taken from the backend's API
 * types (product.types.ts) instead of written out again. Types only: the
 * browser tests import this module too, and they run against the built
 * server, never the backend's source.
 */
export type { Pagination } from '../../backend/src/common/pagination';
export type { CreateProductInput, ProductStats, UpdateProductInput } from '../../backend/src/products/catalogue/product.types';

/** What a backend type becomes in a JSON answer: its Date fields arrive as ISO strings. */
type AsJson<T> = { [K in keyof T]: T[K] extends Date ? string : T[K] };

/** A product as REST (`{ product }`) and GraphQL (`product`, `createProduct`, ...) answer it. */
export type ProductRecord = AsJson<ProductView>;
