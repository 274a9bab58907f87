import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../account/context';
import { productService } from './product.service';
import { ProductView } from '../../product-record/product-view.types';
import { CreateProductInput, ProductListInput, ProductPage, ProductStats, UpdateProductInput } from './product.types';

/** GraphQL adapter over productService: the signed-in user's own catalogue (stock changes and a product's `movements` are stock's resolver's). */
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
  createProduct(@Arg('input', () => CreateProductInput) input: CreateProductInput, @Ctx() ctx: RequestContext) {
    return productService.create(ctx, input);
  }

  @Mutation(() => ProductView, { description: 'Pass the version you edited: a stale one is refused with CONFLICT' })
  updateProduct(@Arg('id', () => ID) id: string, @Arg('input', () => UpdateProductInput) input: UpdateProductInput, @Ctx() ctx: RequestContext) {
    return productService.update(ctx, id, input);
  }

  @Mutation(() => ID, { description: 'Moves the product to the trash (restoreProduct brings it back, purgeProduct deletes it for good); returns its id' })
  deleteProduct(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return productService.remove(ctx, id);
  }
}
