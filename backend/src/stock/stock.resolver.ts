import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../account/context';
import { IDEMPOTENCY_KEY_ARG } from '../idempotency/idempotency.graphql';
import { ProductView } from '../product-record/product-view.types';
import { stockService } from './stock.service';
import { transferService } from './transfers/transfer.service';
import { StockMovementPage, StockMovementReason } from './stock-movement.types';
import { ProductStock, StockTransfer, StockTransferBatch, StockTransferBatchInput } from './stock-level.types';

/** GraphQL adapter over stockService: stock changes of the caller's products, and each product's stock history. */
@Resolver(() => ProductView)
export class StockResolver {
  @Mutation(() => ProductView, {
    description:
      'Sell (negative delta) or receive (positive) stock, atomically, recording a stock movement. The reason defaults to SALE for a negative delta and RECEIPT for a positive one; SALE and DAMAGE must be negative, RECEIPT and RETURN positive',
  })
  adjustStock(
    @Arg('id', () => ID) id: string,
    @Arg('delta', () => Int) delta: number,
    @Arg('reason', () => StockMovementReason, { nullable: true, description: 'SALE, RECEIPT, RETURN, DAMAGE or CORRECTION' }) reason: StockMovementReason | undefined,
    @Arg('note', () => String, { nullable: true, description: 'At most 200 characters' }) note: string | undefined,
    @Arg('locationId', () => ID, { nullable: true, description: "Where; left out: the workspace's default location" }) locationId: string | undefined,
    @Arg('idempotencyKey', () => String, { nullable: true, description: IDEMPOTENCY_KEY_ARG }) idempotencyKey: string | undefined,
    @Ctx() ctx: RequestContext,
  ) {
    return stockService.adjust(ctx, id, { delta, reason, note, locationId }, idempotencyKey);
  }

  @Mutation(() => ProductView, {
    description: 'A stocktake: the counted quantity becomes the quantity, and the difference is recorded as a COUNT movement (0 when the count matched)',
  })
  countStock(
    @Arg('id', () => ID) id: string,
    @Arg('quantity', () => Int, { description: 'The quantity counted, 0 to 100000' }) quantity: number,
    @Arg('note', () => String, { nullable: true, description: 'At most 200 characters' }) note: string | undefined,
    @Arg('locationId', () => ID, { nullable: true, description: "Where it was counted; left out: the workspace's default location" }) locationId: string | undefined,
    @Arg('idempotencyKey', () => String, { nullable: true, description: IDEMPOTENCY_KEY_ARG }) idempotencyKey: string | undefined,
    @Ctx() ctx: RequestContext,
  ) {
    return stockService.count(ctx, id, { quantity, note, locationId }, idempotencyKey);
  }

  @Query(() => ProductStock, { description: "Where a product's stock is: its total and each location holding some" })
  productStock(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return stockService.levels(ctx, id);
  }

  @Mutation(() => StockTransfer, {
    description: "Moves stock of one product between two locations: a TRANSFER_OUT and a TRANSFER_IN sharing a transfer id; the total does not change. Too little at the source: 'Not enough stock at <name>'",
  })
  transferStock(
    @Arg('id', () => ID) id: string,
    @Arg('fromLocationId', () => ID) fromLocationId: string,
    @Arg('toLocationId', () => ID) toLocationId: string,
    @Arg('quantity', () => Int, { description: 'At least 1' }) quantity: number,
    @Arg('note', () => String, { nullable: true, description: 'At most 200 characters' }) note: string | undefined,
    @Arg('idempotencyKey', () => String, { nullable: true, description: IDEMPOTENCY_KEY_ARG }) idempotencyKey: string | undefined,
    @Ctx() ctx: RequestContext,
  ) {
    return transferService.transfer(ctx, id, { fromLocationId, toLocationId, quantity, note }, idempotencyKey);
  }

  @Mutation(() => StockTransferBatch, { description: 'Moves many products between two locations at once, all or nothing, under one transfer id' })
  transferStockBatch(
    @Arg('input', () => StockTransferBatchInput) input: StockTransferBatchInput,
    @Arg('idempotencyKey', () => String, { nullable: true, description: IDEMPOTENCY_KEY_ARG }) idempotencyKey: string | undefined,
    @Ctx() ctx: RequestContext,
  ) {
    return transferService.transferBatch(ctx, input, idempotencyKey);
  }

  @FieldResolver(() => StockMovementPage, { description: "The product's stock history, newest first" })
  movements(
    @Root() product: ProductView,
    @Arg('page', () => Int, { nullable: true, description: 'From 1 (default 1)' }) page: number | undefined,
    @Arg('limit', () => Int, { nullable: true, description: '1 to 100 (default 10)' }) limit: number | undefined,
    @Ctx() ctx: RequestContext,
  ) {
    return stockService.movementsOf(ctx, product, { page, limit });
  }
}
