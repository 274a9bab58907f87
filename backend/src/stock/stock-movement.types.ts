import { Field, ID, Int, ObjectType, registerEnumType } from 'type-graphql';
import { STOCK_MOVEMENT_REASONS } from '@stockroom/schema';
import { enumNamedAsValues } from '../common/graphql-enum';
import { Pagination } from '../common/pagination';

/** The reasons of the shared rules, named as they are stored and sent (`SALE`, `COUNT`). */
export const StockMovementReason = enumNamedAsValues(STOCK_MOVEMENT_REASONS);
export type StockMovementReason = (typeof StockMovementReason)[keyof typeof StockMovementReason];
registerEnumType(StockMovementReason, {
  name: 'StockMovementReason',
  description: 'Why a quantity changed. An adjustment gives SALE, DAMAGE (negative), RECEIPT, RETURN (positive) or CORRECTION; the app writes INITIAL (a new product), COUNT (a stocktake), CORRECTION (a quantity edited in the product form), IMPORT, BULK, and TRANSFER_OUT and TRANSFER_IN (the two halves of a transfer between locations)',
});

@ObjectType({ description: 'Who made a stock movement', simpleResolvers: true })
export class StockMovementUser {
  @Field(() => ID) id!: string;
  @Field() fullName!: string;
}

@ObjectType({ description: 'Where a stock movement happened', simpleResolvers: true })
export class StockMovementLocation {
  @Field(() => ID) id!: string;
  @Field() name!: string;
}

/** One change of a product's quantity, as both transports send it. */
@ObjectType('StockMovement', { description: "One change of a product's quantity; a product's movements sum to its quantity", simpleResolvers: true })
export class StockMovementView {
  @Field(() => ID) id!: string;
  @Field(() => ID, { description: 'Its place in the ledger, as a stock count line names it: its own id (ids only grow)' }) ledgerPosition!: string;
  @Field(() => Int, { description: 'Signed: negative takes stock away; 0 for a stocktake that found the expected quantity' }) delta!: number;
  @Field(() => Int, { description: 'The product\'s total stock after this movement; a transfer leaves it unchanged' }) quantityAfter!: number;
  @Field(() => StockMovementReason) reason!: StockMovementReason;
  @Field(() => String, { nullable: true }) note!: string | null;
  @Field() createdAt!: Date;
  @Field(() => StockMovementUser, { nullable: true, description: 'null when that account has since been deleted' }) user!: StockMovementUser | null;
  @Field(() => StockMovementLocation, { nullable: true, description: 'Where the stock moved; null when that location has since been deleted' })
  location!: StockMovementLocation | null;
  @Field(() => ID, { nullable: true, description: "The transfer this movement is half of (a TRANSFER_OUT and a TRANSFER_IN share it); null otherwise" })
  transferId!: string | null;
}

@ObjectType({ description: "A page of a product's stock history, newest first", simpleResolvers: true })
export class StockMovementPage {
  @Field(() => [StockMovementView]) movements!: StockMovementView[];
  @Field(() => Pagination) pagination!: Pagination;
}
