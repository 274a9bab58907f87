import { Field, Float, ID, InputType, Int, ObjectType } from 'type-graphql';
import { PRODUCT_CREATE_REQUIRED, PRODUCT_INPUT_ORDER, type ProductValues, type StockStatus } from '@stockroom/schema';
import { Pagination } from '../../common/pagination';
import { applyProductFields } from '../../product-record/product-fields.graphql';
import { ProductView } from '../../product-record/product-view.types';
import { ProductSortBy, SortDirection, StockStatusFilter } from '../list-query/product-list.types';

/* Validation lives in product.service.ts (shared rules from @stockroom/schema), not here, so REST and GraphQL answer alike. */

@ObjectType({ simpleResolvers: true })
export class ProductPage {
  @Field(() => [ProductView]) products!: ProductView[];
  @Field(() => Pagination) pagination!: Pagination;
}

@ObjectType({ description: "The whole catalogue's figures, whatever page or filter is shown", simpleResolvers: true })
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
  @Field({ nullable: true, description: 'Substring, ignoring accents and case, of the name, description, category or SKU, or exactly the barcode; an exact SKU (any case) or barcode comes first' }) search?: string;
  @Field({ nullable: true }) category?: string;
  @Field({ nullable: true, description: 'true: quantity > 0; false: quantity = 0; absent: all' }) inStock?: boolean;
  @Field(() => StockStatusFilter, { nullable: true }) stockStatus?: StockStatus;
  @Field(() => ProductSortBy, { nullable: true, description: 'Default DATE' }) sortBy?: ProductSortBy;
  @Field(() => SortDirection, { nullable: true, description: 'Default DESC' }) sortOrder?: SortDirection;
  @Field(() => ID, { nullable: true, description: 'Only products with stock at this location or below it, each with its quantityAtLocation' }) locationId?: string;
}

/** What createProduct and updateProduct take: the writable fields, any of which may be left out (the service checks the rules). */
type ProductInputValues = Partial<ProductValues>;

@InputType('CreateProductInput', {
  description: 'Left out or blank, description, category and quantity take their draft values (a placeholder description, category Uncategorized, quantity 0)',
})
class CreateProductInputObject {}
applyProductFields(
  CreateProductInputObject,
  PRODUCT_INPUT_ORDER.map((name) => ({ name, nullable: !PRODUCT_CREATE_REQUIRED.includes(name), docs: 'create' })),
);
export const CreateProductInput = CreateProductInputObject as new () => ProductInputValues;
export type CreateProductInput = ProductInputValues;

@InputType('UpdateProductInput', { description: 'Only the fields given change' })
class UpdateProductInputObject {
  @Field(() => Int, { nullable: true, description: 'The version the change was made against: refused (CONFLICT) when a field sent has changed since to another value' }) version?: number;
}
applyProductFields(
  UpdateProductInputObject,
  PRODUCT_INPUT_ORDER.map((name) => ({ name, nullable: true, docs: 'update' })),
);
export const UpdateProductInput = UpdateProductInputObject as new () => ProductInputValues & { version?: number };
export type UpdateProductInput = ProductInputValues & { version?: number };
