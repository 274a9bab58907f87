import { STOCK_COUNT_LINE_STATUSES, STOCK_COUNT_REVIEW_SORTS, STOCK_COUNT_STATUSES, type StockCountLineStatus as LineStatus, type StockCountStatus as CountStatus } from '@stockroom/schema';
import { Field, Float, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { enumNamedAsValues, enumNamedInCapitals } from '../common/graphql-enum';
import { Pagination } from '../common/pagination';
import { StockMovementUser } from '../stock/stock-movement.types';

/* Validation lives in stock-count.service.ts (shared rules from @stockroom/schema), so REST and GraphQL answer alike. */

export const StockCountStatus = enumNamedAsValues(STOCK_COUNT_STATUSES);
registerEnumType(StockCountStatus, { name: 'StockCountStatus', description: 'OPEN (counting) -> IN_REVIEW (submitted) -> APPROVED (booked), or CANCELLED' });

export const StockCountLineStatus = enumNamedAsValues(STOCK_COUNT_LINE_STATUSES);
registerEnumType(StockCountLineStatus, {
  name: 'StockCountLineStatus',
  description:
    'PENDING until the count is approved; then BOOKED, NOT_CHOSEN (the approval named other lines), or why it could not be booked: PRODUCT_DELETED, LOCATION_DELETED, BELOW_ZERO, OVER_MAXIMUM. REPLACED by a later line; CANCELLED with its count',
});

export const StockCountReviewSort = enumNamedInCapitals(STOCK_COUNT_REVIEW_SORTS);
registerEnumType(StockCountReviewSort, { name: 'StockCountReviewSort', description: 'VALUE: the largest difference in money first, losses and gains alike; PRODUCT: by product name' });

@ObjectType('StockCount', { description: 'A stocktake session of a scope: a location with the ones below it, a category, both, or the whole workspace', simpleResolvers: true })
export class StockCountView {
  @Field(() => ID) id!: string;
  @Field(() => StockCountStatus) status!: CountStatus;
  @Field({ description: 'Counters do not see the expected quantities; those who approve do' }) blind!: boolean;
  @Field(() => ID, { nullable: true, description: 'The location counted, with the ones below it; null: every location' }) locationId!: string | null;
  @Field(() => String, { nullable: true, description: '"Back room / Shelf B3"; null for every location, or once the location is deleted' }) locationPath!: string | null;
  @Field(() => String, { nullable: true, description: 'The category counted; null: every category' }) category!: string | null;
  @Field() createdAt!: Date;
  @Field(() => StockMovementUser, { nullable: true, description: 'null when that account has since been deleted' }) createdBy!: StockMovementUser | null;
  @Field(() => Date, { nullable: true }) submittedAt!: Date | null;
  @Field(() => Date, { nullable: true, description: 'When it was approved or cancelled' }) closedAt!: Date | null;
  @Field(() => StockMovementUser, { nullable: true, description: 'Who approved or cancelled it' }) closedBy!: StockMovementUser | null;
  @Field(() => Int, { description: 'Its lines, replaced ones included' }) lineCount!: number;
}

@ObjectType('StockCountLine', { description: "One count of one product at one location, and what became of it", simpleResolvers: true })
export class StockCountLineView {
  @Field(() => ID) id!: string;
  @Field(() => ID) productId!: string;
  @Field(() => String, { nullable: true, description: 'null once the product is deleted for good' }) productName!: string | null;
  @Field(() => String, { nullable: true }) productSku!: string | null;
  @Field(() => ID) locationId!: string;
  @Field(() => String, { nullable: true, description: 'null once the location is deleted' }) locationPath!: string | null;
  @Field(() => Int, { description: 'The quantity counted' }) quantity!: number;
  @Field(() => ID, { description: "The id of the newest movement there the counter's device had seen ('0': none)" }) ledgerPosition!: string;
  @Field() countedAt!: Date;
  @Field(() => StockMovementUser, { nullable: true }) countedBy!: StockMovementUser | null;
  @Field(() => ID, { nullable: true, description: 'The line this one replaces' }) replaces!: string | null;
  @Field(() => StockCountLineStatus) status!: LineStatus;
  @Field(() => ID, { nullable: true, description: 'The COUNT movement its approval booked' }) movementId!: string | null;
  @Field({ description: 'Written by the approval for stock no one counted, booked as 0' }) uncounted!: boolean;
}

@ObjectType({ description: 'A stock count and its lines', simpleResolvers: true })
export class StockCountWithLines {
  @Field(() => StockCountView) stockCount!: StockCountView;
  @Field(() => [StockCountLineView]) lines!: StockCountLineView[];
}

@ObjectType({ description: "A page of the workspace's stock counts, newest first", simpleResolvers: true })
export class StockCountPage {
  @Field(() => [StockCountView]) stockCounts!: StockCountView[];
  @Field(() => Pagination) pagination!: Pagination;
}

@ObjectType({ description: "One product at one location as the count's pending lines found it: what approving would book", simpleResolvers: true })
export class StockCountReviewItem {
  @Field(() => ID) productId!: string;
  @Field(() => String, { nullable: true }) productName!: string | null;
  @Field(() => String, { nullable: true }) productSku!: string | null;
  @Field(() => ID) locationId!: string;
  @Field(() => String, { nullable: true }) locationPath!: string | null;
  @Field(() => Int, { description: 'The sum of its pending lines (two counters on two halves of a shelf add up)' }) counted!: number;
  @Field(() => Int, { nullable: true, description: "The quantity there at the lines' earliest ledger position; null when hidden (a blind count, to a counter)" }) expected!: number | null;
  @Field(() => Int, { nullable: true, description: 'counted - expected: the COUNT movement approving would book' }) variance!: number | null;
  @Field(() => Float, { nullable: true, description: 'variance x price' }) varianceValue!: number | null;
  @Field(() => [ID]) lineIds!: string[];
}

@ObjectType({ description: 'Stock in the count\'s scope that no line counted; approving with notCountedAsZero books it as 0', simpleResolvers: true })
export class StockCountNotCounted {
  @Field(() => ID) productId!: string;
  @Field() productName!: string;
  @Field(() => String, { nullable: true }) productSku!: string | null;
  @Field(() => ID) locationId!: string;
  @Field(() => String, { nullable: true }) locationPath!: string | null;
  @Field(() => Int, { nullable: true, description: 'The quantity there now; null when hidden' }) expected!: number | null;
  @Field(() => Float, { nullable: true, description: '-expected x price: what booking it as 0 would cost' }) varianceValue!: number | null;
}

@ObjectType({ description: "A count's review: each counted product and location with its difference, and the stock no one counted", simpleResolvers: true })
export class StockCountReview {
  @Field({ description: 'true when expected quantities are hidden from the caller (a blind count, to a counter)' }) expectedHidden!: boolean;
  @Field(() => [StockCountReviewItem]) items!: StockCountReviewItem[];
  @Field(() => [StockCountNotCounted]) notCounted!: StockCountNotCounted[];
}

@InputType({ description: 'A new stock count: its scope, and whether counters see the expected quantities' })
export class CreateStockCountInput {
  @Field(() => ID, { nullable: true, description: 'Count this location and the ones below it; left out: every location' }) locationId?: string | null;
  @Field(() => String, { nullable: true, description: "Count this category's products; left out: every category" }) category?: string | null;
  @Field(() => Boolean, { nullable: true, description: 'Hide the expected quantities from counters (default false)' }) blind?: boolean | null;
}

@InputType({ description: 'One count of one product at one location' })
export class StockCountLineInput {
  @Field(() => ID) productId!: string;
  @Field(() => ID, { nullable: true, description: "Where it was counted; left out: the count's location, else the workspace's default one" }) locationId?: string | null;
  @Field(() => Int, { description: 'The quantity found, 0 to 100000' }) quantity!: number;
  @Field(() => ID, { description: "The id of the newest movement of the product there the device had seen (its stock answer's ledgerPosition), '0' for none" })
  ledgerPosition!: string;
  @Field(() => Date, { nullable: true, description: 'When it was counted; left out: now' }) countedAt?: Date | null;
  @Field(() => ID, {
    nullable: true,
    description: 'A pending line of the same product and location in this count that this one replaces (a recount). Without it, lines of one product and location add up',
  })
  replaces?: string | null;
}

@InputType({ description: 'What an approval books' })
export class ApproveStockCountInput {
  @Field(() => [ID], { nullable: true, description: 'The pending lines to book; left out: all of them. The others become NOT_CHOSEN' }) lineIds?: string[] | null;
  @Field(() => Boolean, { nullable: true, description: 'Book the stock in the scope that no line counted as 0 (default false)' }) notCountedAsZero?: boolean | null;
}

@ObjectType({ description: 'A product holding stock at one of the scope\'s locations, as a count line made now names it', simpleResolvers: true })
export class StockCountStockLevel {
  @Field(() => ID) locationId!: string;
  @Field(() => Int, { nullable: true, description: 'The quantity there now; null when hidden (a blind count, to a counter)' }) quantity!: number | null;
  @Field(() => ID, { description: "The id of the product's newest movement there: the ledgerPosition a count line made now names" }) ledgerPosition!: string;
}

@ObjectType({ description: "A live product of the count's scope and where in the scope it holds stock", simpleResolvers: true })
export class StockCountStockProduct {
  @Field(() => ID) productId!: string;
  @Field(() => [StockCountStockLevel], { description: "Its levels holding stock at the scope's locations; a scope location not listed holds none (a line there names '0')" })
  levels!: StockCountStockLevel[];
}

@ObjectType({ description: "The stock an OPEN count's scope holds, read at one moment, for counting with no network", simpleResolvers: true })
export class StockCountStock {
  @Field(() => [ID], { description: "The scope's locations: the count's location and the ones below it, or every location" }) locationIds!: string[];
  @Field({ description: 'true when quantities are hidden from the caller (a blind count, to a counter); positions are given' }) quantitiesHidden!: boolean;
  @Field(() => [StockCountStockProduct], { description: "Every live product of the scope's category (or every one)" }) products!: StockCountStockProduct[];
}
