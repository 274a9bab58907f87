import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import type { StockStatus } from '@stockroom/schema';
import { Pagination } from '../../common/pagination';
import { ProductView } from '../../product-record/product-view.types';
import { ProductSortBy, SortDirection, StockStatusFilter } from '../list-query/product-list.types';

/* Validation lives in product.service.ts (shared rules from @stockroom/schema), not here, so REST and GraphQL answer alike. */

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
