import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { RequestContext } from '../../account/context';
import { productService } from './product.service';
import { CreateProductInput, ProductListInput, ProductPage, ProductStats, ProductView, UpdateProductInput } from './product.types';
import { StockMovementPage, StockMovementReason } from '../../stock/stock-movement.types';

/** GraphQL adapter over productService: the signed-in user's own catalogue. */
@Resolver(() => ProductView)
export class ProductResolver {
  @Query(() => ProductPage, { description: "A page of the caller's products, filtered and sorted" })
  products(@Arg('query', () => ProductListInput, { nullable: true }) query: ProductListInput | undefined, @Ctx() ctx: RequestContext) {
    return productService.list(ctx, query ?? {});
  }

  @Query(() => ProductView, { description: "One of the caller's products (NOT_FOUND for anyone else's)" })
  product(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return productService.get(ctx, id);
  }

  @Query(() => ProductStats, { description: 'Totals over the whole catalogue' })
  productStats(@Ctx() ctx: RequestContext) {
    return productService.stats(ctx);
  }

  @Query(() => [String], { description: "The caller's categories, sorted" })
  categories(@Ctx() ctx: RequestContext) {
    return productService.categories(ctx);
  }

  @Query(() => [ProductView], { description: "The caller's featured products, newest first (at most 10)" })
  featuredProducts(@Ctx() ctx: RequestContext) {
    return productService.featured(ctx);
  }

  @Mutation(() => ProductView)
  createProduct(@Arg('input') input: CreateProductInput, @Ctx() ctx: RequestContext) {
    return productService.create(ctx, input);
  }

  @Mutation(() => ProductView, { description: 'Pass the version you edited: a stale one is refused with CONFLICT' })
  updateProduct(@Arg('id', () => ID) id: string, @Arg('input') input: UpdateProductInput, @Ctx() ctx: RequestContext) {
    return productService.update(ctx, id, input);
  }

  @Mutation(() => ID, { description: 'Moves the product to the trash (restoreProduct brings it back, purgeProduct deletes it for good); returns its id' })
  deleteProduct(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return productService.remove(ctx, id);
  }

  @Mutation(() => ProductView, {
    description:
      'Sell (negative delta) or receive (positive) stock, atomically, recording a stock movement. The reason defaults to SALE for a negative delta and RECEIPT for a positive one; SALE and DAMAGE must be negative, RECEIPT and RETURN positive',
  })
  adjustStock(
    @Arg('id', () => ID) id: string,
    @Arg('delta', () => Int) delta: number,
    @Arg('reason', () => StockMovementReason, { nullable: true, description: 'SALE, RECEIPT, RETURN, DAMAGE or CORRECTION' }) reason: StockMovementReason | undefined,
    @Arg('note', () => String, { nullable: true, description: 'At most 200 characters' }) note: string | undefined,
    @Ctx() ctx: RequestContext,
  ) {
    return productService.adjustStock(ctx, id, { delta, reason, note });
  }

  @Mutation(() => ProductView, {
    description: 'A stocktake: the counted quantity becomes the quantity, and the difference is recorded as a COUNT movement (0 when the count matched)',
  })
  countStock(
    @Arg('id', () => ID) id: string,
    @Arg('quantity', () => Int, { description: 'The quantity counted, 0 to 100000' }) quantity: number,
    @Arg('note', () => String, { nullable: true, description: 'At most 200 characters' }) note: string | undefined,
    @Ctx() ctx: RequestContext,
  ) {
    return productService.countStock(ctx, id, { quantity, note });
  }

  @FieldResolver(() => StockMovementPage, { description: "The product's stock history, newest first" })
  movements(
    @Root() product: ProductView,
    @Arg('page', () => Int, { nullable: true, description: 'From 1 (default 1)' }) page: number | undefined,
    @Arg('limit', () => Int, { nullable: true, description: '1 to 100 (default 10)' }) limit: number | undefined,
    @Ctx() ctx: RequestContext,
  ) {
    return productService.movementsOf(ctx, product, { page, limit });
  }
}
