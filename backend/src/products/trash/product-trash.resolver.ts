import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../account/context';
import { BulkResult } from '../bulk/product-bulk.resolver';
import { productTrashService } from './product-trash.service';
import { TrashedProductPage, TrashedProductView } from './product-trash.types';
import { ProductView } from '../../product-record/product-view.types';

/** GraphQL adapter over productTrashService: the caller's deleted products, restorable until purged. */
@Resolver()
export class ProductTrashResolver {
  @Query(() => TrashedProductPage, { description: "A page of the caller's trash, the most recently deleted first" })
  trashedProducts(
    @Arg('page', () => Int, { nullable: true, description: 'From 1 (default 1)' }) page: number | undefined,
    @Arg('limit', () => Int, { nullable: true, description: '1 to 100 (default 10)' }) limit: number | undefined,
    @Ctx() ctx: RequestContext,
  ) {
    return productTrashService.list(ctx, { page, limit });
  }

  @Query(() => TrashedProductView, { description: "One of your products in the trash; NOT_FOUND when it is not in your trash (live, someone else's, or gone)" })
  trashedProduct(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return productTrashService.find(ctx, id);
  }

  @Mutation(() => ProductView, {
    description: 'Brings a product back from the trash with its id, SKU and stock history; CONFLICT when a live product now has its SKU, NOT_FOUND when it is not in your trash',
  })
  restoreProduct(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return productTrashService.restore(ctx, id);
  }

  @Mutation(() => BulkResult, { description: 'Brings products back from the trash, all or nothing: NOT_FOUND (and none restored) when an id is not one of yours; one already back is left as it is (affected counts those restored)' })
  restoreProducts(@Arg('ids', () => [ID]) ids: string[], @Ctx() ctx: RequestContext) {
    return productTrashService.restoreMany(ctx, ids);
  }

  @Mutation(() => BulkResult, {
    description:
      "Brings back every product one bulkDeleteProducts moved to the trash, named by the trashBatch it answered (the Undo of a delete by filter); CONFLICT (and none restored) when a live product now has one's SKU; another's batch, or one already restored, restores none (affected 0)",
  })
  restoreTrashBatch(@Arg('batch', () => String) batch: string, @Ctx() ctx: RequestContext) {
    return productTrashService.restoreBatch(ctx, batch);
  }

  @Mutation(() => ID, { description: 'Deletes one of your products for good, from the trash or the catalogue; returns its id' })
  purgeProduct(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return productTrashService.purge(ctx, id);
  }

  @Mutation(() => BulkResult, { description: 'Deletes products for good, all or nothing: NOT_FOUND (and none deleted) when an id is not one of yours' })
  purgeProducts(@Arg('ids', () => [ID]) ids: string[], @Ctx() ctx: RequestContext) {
    return productTrashService.purgeMany(ctx, ids);
  }

  @Mutation(() => BulkResult, { description: 'Deletes everything in your trash for good; affected is how many' })
  emptyTrash(@Ctx() ctx: RequestContext) {
    return productTrashService.empty(ctx);
  }
}
