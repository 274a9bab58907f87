import { Field, Float, ID, Int, ObjectType } from 'type-graphql';
import { Pagination } from '../../common/pagination';

/** A product in the trash, as the trash lists it: enough to recognise it, and when it was deleted and will be purged. */
@ObjectType('TrashedProduct')
export class TrashedProductView {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => String, { nullable: true }) sku!: string | null;
  @Field(() => String, { nullable: true }) barcode!: string | null;
  @Field() category!: string;
  @Field(() => Float) price!: number;
  @Field(() => Int) quantity!: number;
  @Field(() => String, { nullable: true }) imageUrl!: string | null;
  @Field({ description: 'When it was moved to the trash' }) deletedAt!: Date;
  @Field({ description: 'When housekeeping deletes it for good (30 days after deletedAt) unless it is restored first' }) purgeAt!: Date;
}

@ObjectType()
export class TrashedProductPage {
  @Field(() => [TrashedProductView]) products!: TrashedProductView[];
  @Field(() => Pagination) pagination!: Pagination;
}
