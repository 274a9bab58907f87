import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { ProductView } from '../product-record/product-view.types';
import { StockMovementView } from './stock-movement.types';

@ObjectType({ description: 'A location as a stock level names it', simpleResolvers: true })
export class StockLevelLocation {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field({ description: '"Back room / Shelf B3"' }) path!: string;
}

@ObjectType({ description: "A product's stock at one location", simpleResolvers: true })
export class StockLevel {
  @Field(() => StockLevelLocation) location!: StockLevelLocation;
  @Field(() => Int) quantity!: number;
  @Field(() => ID, { description: "The id of the product's newest movement there ('0' when none was recorded): what a count line made now names as its ledgerPosition" })
  ledgerPosition!: string;
}

@ObjectType({ description: "Where a product's stock is: its total and each location holding some", simpleResolvers: true })
export class ProductStock {
  @Field(() => Int, { description: "The product's quantity: the sum of its levels" }) total!: number;
  @Field(() => [StockLevel], { description: 'In the order of the locations\' paths' }) levels!: StockLevel[];
}

@ObjectType({ description: "One product's transfer: the product and its two movements", simpleResolvers: true })
export class StockTransfer {
  @Field(() => ProductView) product!: ProductView;
  @Field(() => [StockMovementView], { description: 'TRANSFER_OUT at the source, then TRANSFER_IN at the target' }) movements!: StockMovementView[];
}

@ObjectType({ description: 'A movement of a transfer of many products, with the product it moved', simpleResolvers: true })
export class StockTransferMovement extends StockMovementView {
  @Field(() => ID) productId!: string;
}

@ObjectType({ description: 'A transfer of many products: its id and its movements, two per product', simpleResolvers: true })
export class StockTransferBatch {
  @Field(() => ID) transferId!: string;
  @Field(() => [StockTransferMovement]) movements!: StockTransferMovement[];
}

@InputType({ description: 'One product of a transfer and how many of it move' })
export class StockTransferLineInput {
  @Field(() => ID) productId!: string;
  @Field(() => Int, { description: 'At least 1' }) quantity!: number;
}

@InputType({ description: 'Many products moving from one location to another, all or nothing' })
export class StockTransferBatchInput {
  @Field(() => ID) fromLocationId!: string;
  @Field(() => ID) toLocationId!: string;
  @Field(() => [StockTransferLineInput], { description: '1 to 500 products, each once' }) lines!: StockTransferLineInput[];
  @Field(() => String, { nullable: true, description: 'At most 200 characters' }) note?: string | null;
}
