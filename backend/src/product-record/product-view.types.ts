import { Field, Float, ID, Int, ObjectType } from 'type-graphql';

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
