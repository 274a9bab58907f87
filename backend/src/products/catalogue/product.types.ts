import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PRODUCT_SORT_FIELDS, SORT_ORDERS, STOCK_STATUSES, type StockStatus } from '@stockroom/schema';
import { enumNamedInCapitals } from '../../common/graphql-enum';
import { Pagination } from '../../common/pagination';

/* Validation lives in product.service.ts (shared rules from @stockroom/schema), not here, so REST and GraphQL answer alike. */

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

/** A product as both transports send it: the columns plus `inStock`. Lists build it from plain rows, never from entities. */
@ObjectType('Product')
export class ProductView {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field() description!: string;
  @Field(() => Float, { description: 'Exact to the cent (stored as NUMERIC(10,2))' }) price!: number;
  @Field() category!: string;
  @Field(() => Int) quantity!: number;
  @Field({ description: 'quantity > 0' }) inStock!: boolean;
  @Field(() => Int, { nullable: true, description: 'Low Stock at or under this quantity' }) reorderLevel!: number | null;
  @Field({ description: '0 < quantity <= reorderLevel' }) lowStock!: boolean;
  @Field(() => String, { nullable: true }) imageUrl!: string | null;
  @Field(() => String, { nullable: true, description: "The shop's own code, unique in the catalogue ignoring case" }) sku!: string | null;
  @Field(() => String, { nullable: true, description: 'EAN-8, UPC-A, EAN-13 or GTIN-14' }) barcode!: string | null;
  @Field() featured!: boolean;
  @Field(() => ID, { description: 'Id of the user who created it' }) owner!: string;
  @Field() createdAt!: Date;
  @Field() updatedAt!: Date;
  @Field(() => Int, { description: 'Send it back with updateProduct: an update naming an older version is refused (CONFLICT)' })
  version!: number;
}


@ObjectType()
export class ProductPage {
  @Field(() => [ProductView]) products!: ProductView[];
  @Field(() => Pagination) pagination!: Pagination;
}

@ObjectType({ description: "The whole catalogue's figures, whatever page or filter is shown" })
export class ProductStats {
  @Field(() => Int) totalProducts!: number;
  @Field(() => Int) inStock!: number;
  @Field(() => Int) outOfStock!: number;
  @Field(() => Int, { description: 'In stock at or under their reorder level' }) lowStock!: number;
  @Field(() => Float, { description: 'Sum of price x quantity' }) inventoryValue!: number;
}

@InputType()
export class ProductListInput {
  @Field(() => Int, { nullable: true, description: 'From 1 (default 1)' }) page?: number;
  @Field(() => Int, { nullable: true, description: '1 to 100 (default 10)' }) limit?: number;
  @Field({ nullable: true, description: 'Case-insensitive substring of the name, description, category or SKU, or exactly the barcode; an exact SKU (any case) or barcode comes first' }) search?: string;
  @Field({ nullable: true }) category?: string;
  @Field({ nullable: true, description: 'true: quantity > 0; false: quantity = 0; absent: all' }) inStock?: boolean;
  @Field(() => StockStatusFilter, { nullable: true }) stockStatus?: StockStatus;
  @Field(() => ProductSortBy, { nullable: true, description: 'Default DATE' }) sortBy?: ProductSortBy;
  @Field(() => SortDirection, { nullable: true, description: 'Default DESC' }) sortOrder?: SortDirection;
}

@InputType({ description: 'Left out or blank, description, category and quantity take their draft values (a placeholder description, category Uncategorized, quantity 0)' })
export class CreateProductInput {
  @Field() name!: string;
  @Field({ nullable: true }) description?: string;
  @Field(() => Float) price!: number;
  @Field({ nullable: true }) category?: string;
  @Field(() => Int, { nullable: true }) quantity?: number;
  @Field(() => String, { nullable: true }) imageUrl?: string | null;
  @Field({ nullable: true }) featured?: boolean;
  @Field(() => String, { nullable: true, description: 'Blank or null: none' }) sku?: string | null;
  @Field(() => String, { nullable: true, description: 'Blank or null: none' }) barcode?: string | null;
  @Field(() => Int, { nullable: true, description: '0 to 100000; null: none' }) reorderLevel?: number | null;
}

@InputType({ description: 'Only the fields given change' })
export class UpdateProductInput {
  @Field({ nullable: true }) name?: string;
  @Field({ nullable: true }) description?: string;
  @Field(() => Float, { nullable: true }) price?: number;
  @Field({ nullable: true }) category?: string;
  @Field(() => Int, { nullable: true }) quantity?: number;
  @Field(() => String, { nullable: true }) imageUrl?: string | null;
  @Field({ nullable: true }) featured?: boolean;
  @Field(() => String, { nullable: true, description: 'Blank or null removes it' }) sku?: string | null;
  @Field(() => String, { nullable: true, description: 'Blank or null removes it' }) barcode?: string | null;
  @Field(() => Int, { nullable: true, description: 'null removes it' }) reorderLevel?: number | null;
  @Field(() => Int, { nullable: true, description: 'The version the change was made against; a stale one is refused' }) version?: number;
}
