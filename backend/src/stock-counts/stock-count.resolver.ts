import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../account/context';
import { IDEMPOTENCY_KEY_ARG } from '../idempotency/idempotency.graphql';
import { stockCountReviewService } from './stock-count-review.service';
import { stockCountService } from './stock-count.service';
import { stockCountStockService } from './stock-count-stock.service';
import {
  ApproveStockCountInput,
  CreateStockCountInput,
  StockCountLineInput,
  StockCountLineView,
  StockCountPage,
  StockCountReview,
  StockCountReviewSort,
  StockCountStock,
  StockCountView,
  StockCountWithLines,
} from './stock-count.types';

/** GraphQL adapter over stockCountService and stockCountReviewService: the request's workspace's stocktake sessions. */
@Resolver(() => StockCountView)
export class StockCountResolver {
  @Query(() => StockCountPage, { description: "The workspace's stock counts, newest first" })
  stockCounts(
    @Arg('page', () => Int, { nullable: true, description: 'From 1 (default 1)' }) page: number | undefined,
    @Arg('limit', () => Int, { nullable: true, description: '1 to 100 (default 10)' }) limit: number | undefined,
    @Ctx() ctx: RequestContext,
  ) {
    return stockCountService.list(ctx, { page, limit });
  }

  @Query(() => StockCountWithLines, { description: 'One stock count with its lines' })
  stockCount(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return stockCountService.get(ctx, id);
  }

  @Query(() => StockCountReview, { description: "What a count's pending lines would book, and the stock no one counted; expected quantities hidden from counters in a blind count" })
  stockCountReview(
    @Arg('id', () => ID) id: string,
    @Arg('sortBy', () => StockCountReviewSort, { nullable: true, description: 'Default VALUE' }) sortBy: string | undefined,
    @Ctx() ctx: RequestContext,
  ) {
    return stockCountReviewService.review(ctx, id, { sortBy });
  }

  @Query(() => StockCountStock, {
    description: "The stock of an OPEN count's scope with each level's ledger position, to count with no network (counters and above); quantities hidden from counters in a blind count",
  })
  stockCountStock(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return stockCountStockService.stock(ctx, id);
  }

  @Mutation(() => StockCountView, { description: 'Opens a stock count (admins and above)' })
  createStockCount(@Arg('input', () => CreateStockCountInput) input: CreateStockCountInput, @Ctx() ctx: RequestContext) {
    return stockCountService.create(ctx, input);
  }

  @Mutation(() => StockCountLineView, { description: "Records a line of an OPEN count (counters and above); a closed count is 'This stock count is closed'" })
  addStockCountLine(
    @Arg('countId', () => ID) countId: string,
    @Arg('input', () => StockCountLineInput) input: StockCountLineInput,
    @Arg('idempotencyKey', () => String, { nullable: true, description: IDEMPOTENCY_KEY_ARG }) idempotencyKey: string | undefined,
    @Ctx() ctx: RequestContext,
  ) {
    return stockCountService.addLine(ctx, countId, input, idempotencyKey);
  }

  @Mutation(() => StockCountView, { description: 'Hands an OPEN count over for review (counters and above)' })
  submitStockCount(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return stockCountService.submit(ctx, id);
  }

  @Mutation(() => StockCountWithLines, {
    description: "Approves a submitted count (admins and above), booking each chosen product and location's difference as a COUNT movement; each line says what became of it",
  })
  approveStockCount(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => ApproveStockCountInput, { nullable: true }) input: ApproveStockCountInput | undefined,
    @Ctx() ctx: RequestContext,
  ) {
    return stockCountService.approve(ctx, id, input ?? {});
  }

  @Mutation(() => StockCountView, { description: 'Cancels an OPEN or IN_REVIEW count (admins and above); nothing is booked' })
  cancelStockCount(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return stockCountService.cancel(ctx, id);
  }
}
