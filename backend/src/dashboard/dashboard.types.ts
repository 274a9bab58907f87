import { Field, Float, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { ACTIVITY_KINDS, type ActivityKind } from '../activity/activity.entity';
import { User } from '../account/user.entity';
import { ProductView } from '../product-record/product-view.types';

/** GraphQL enums need an object; the kinds' names are the database's. */
export const ActivityKindEnum = Object.fromEntries(ACTIVITY_KINDS.map((kind) => [kind.toUpperCase(), kind])) as Record<Uppercase<ActivityKind>, ActivityKind>;
registerEnumType(ActivityKindEnum, { name: 'ActivityKind' });

@ObjectType({ description: "The signed-in user and the size of their catalogue" })
export class AccountOverview {
  @Field(() => User) user!: User;
  @Field(() => Int) totalProducts!: number;
  @Field(() => Int) inStock!: number;
  @Field(() => Int) outOfStock!: number;
  @Field(() => Int, { description: 'In stock at or under their reorder level' }) lowStock!: number;
  @Field(() => Float, { description: 'Sum of price x quantity' }) inventoryValue!: number;
  @Field(() => Int, { description: 'At or under their reorder level, out of stock included: how many the Needs reordering panel stands for' })
  needsReordering!: number;
  @Field({ description: 'True once the user has signed in since creating the account; false on the first visit, which is greeted differently' })
  returning!: boolean;
}

@ObjectType({ description: 'Something the user did: title, description, icon and timestamp' })
export class ActivityItem {
  @Field(() => ID) id!: string;
  @Field(() => ActivityKindEnum) kind!: ActivityKind;
  @Field() title!: string;
  @Field() description!: string;
  @Field({ description: 'A Blueprint icon name' }) icon!: string;
  @Field() timestamp!: Date;
  @Field(() => ID, { nullable: true, description: 'The product concerned, unless it was deleted' }) productId!: string | null;
  @Field(() => Int, { description: 'How many entries this item stands for: sign-ins in a row, with nothing else between them, are one item ("Signed in 3 times"); 1 for everything else' })
  count!: number;
  @Field({ description: 'When the oldest of those entries happened; timestamp is the newest' }) since!: Date;
}

@ObjectType({ description: 'A feature highlight with its call to action' })
export class FeatureHighlight {
  @Field() title!: string;
  @Field() description!: string;
  @Field({ description: 'A Blueprint icon name' }) icon!: string;
  @Field() actionText!: string;
  @Field() actionLink!: string;
  @Field({ description: 'A Blueprint intent: primary, success, warning, danger or none' }) actionColor!: string;
}

@ObjectType()
export class CategoryValue {
  @Field() category!: string;
  @Field(() => Int) products!: number;
  @Field(() => Int) inStock!: number;
  @Field(() => Float, { description: 'Sum of price x quantity in this category' }) value!: number;
}

@ObjectType({ description: "The catalogue's value by category and its stock split, for the dashboard's charts" })
export class InventoryBreakdown {
  @Field(() => [CategoryValue], { description: 'Highest value first; beyond the top categories the rest are summed as "Other categories"' })
  byCategory!: CategoryValue[];
  @Field(() => Int) inStock!: number;
  @Field(() => Int) outOfStock!: number;
}

@ObjectType()
export class Dashboard {
  @Field(() => AccountOverview) overview!: AccountOverview;
  @Field(() => [ActivityItem], { description: 'The newest 10 items, newest first; sign-ins in a row are one item' }) recentActivity!: ActivityItem[];
  @Field(() => [FeatureHighlight]) features!: FeatureHighlight[];
  @Field(() => InventoryBreakdown) inventory!: InventoryBreakdown;
  @Field(() => [ProductView], { description: 'At most 10 products at or under their reorder level: out of stock first, then the furthest below it, then by name' })
  needsReordering!: ProductView[];
}
