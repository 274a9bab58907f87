import { type StockStatus } from '@stockroom/schema';
import { Arg, Ctx, Field, Float, ID, InputType, Int, Mutation, ObjectType, Resolver } from 'type-graphql';
import type { RequestContext } from '../../account/context';
import { productBulkService } from './product-bulk.service';
import { StockStatusFilter } from '../list-query/product-list.types';
import { StockMovementReason } from '../../stock/stock-movement.types';

@InputType({ description: "The product list's filters: every one of the caller's products they match" })
export class ProductFilterInput {
  @Field({ nullable: true }) search?: string;
  @Field({ nullable: true }) category?: string;
  @Field({ nullable: true }) inStock?: boolean;
  @Field(() => StockStatusFilter, { nullable: true }) stockStatus?: StockStatus;
}

@InputType({ description: 'Either ids (at most 1,000 of your products) or a filter (decided on the server)' })
export class ProductSelectionInput {
  @Field(() => [ID], { nullable: true }) ids?: string[] | null;
  @Field(() => ProductFilterInput, { nullable: true }) filter?: ProductFilterInput | null;
}

@InputType({ description: 'Only the fields given change, on every selected product' })
export class BulkProductChangesInput {
  @Field({ nullable: true }) category?: string;
  @Field(() => Float, { nullable: true, description: 'One price for every selected product: 0.01 to 999999.99, exact to the cent' }) price?: number;
  @Field(() => Float, {
    nullable: true,
    description: 'Moves each price by this percentage (10 raises, -5 lowers), rounded to the cent half away from zero; -100 to 1000, not with price. BAD_USER_INPUT (and nothing changed) when a new price falls outside 0.01 to 999999.99',
  })
  pricePercent?: number;
  @Field(() => Int, { nullable: true, description: '0 to 100000; null removes it' }) reorderLevel?: number | null;
  @Field({ nullable: true }) featured?: boolean;
}

@ObjectType()
export class BulkResult {
  @Field(() => Int, { description: 'How many products changed' }) affected!: number;
  @Field(() => String, {
    nullable: true,
    description: 'bulkDeleteProducts only: names the products it moved to the trash (even all those a filter matched); restoreTrashBatch brings them back',
  })
  trashBatch?: string | null;
  @Field(() => String, {
    nullable: true,
    description: 'bulkUpdateProducts only: names what it replaced on each product (null when it changed none); undoBulkUpdate puts it back for a day',
  })
  undoBatch?: string | null;
  @Field(() => Int, { nullable: true, description: 'undoBulkUpdate only: products whose changed fields changed again since, left as they are' })
  skipped?: number;
}

/** A selection as the service reads it: a field left out or null is not given. */
const selectionOf = ({ ids, filter }: ProductSelectionInput) => ({ ...(ids == null ? {} : { ids }), ...(filter == null ? {} : { filter: { ...filter } }) });

/** GraphQL adapter over productBulkService: changes to many of the caller's products at once, all or nothing. */
@Resolver()
export class ProductBulkResolver {
  @Mutation(() => BulkResult, { description: "Sets the category, price, reorder level or featured flag of every selected product, or moves each price by a percentage; NOT_FOUND (and nothing changed) when an id is not one of yours" })
  bulkUpdateProducts(
    @Arg('selection', () => ProductSelectionInput) selection: ProductSelectionInput,
    @Arg('changes', () => BulkProductChangesInput) changes: BulkProductChangesInput,
    @Ctx() ctx: RequestContext,
  ) {
    return productBulkService.update(ctx, selectionOf(selection), { ...changes });
  }

  @Mutation(() => BulkResult, {
    description:
      "Undoes one of your bulkUpdateProducts, named by the undoBatch it answered: its products get back the values it replaced, except those whose changed fields changed again since or that are in the trash (skipped); another's batch, or one already undone, restores none (affected 0)",
  })
  undoBulkUpdate(@Arg('batch', () => String) batch: string, @Ctx() ctx: RequestContext) {
    return productBulkService.undoUpdate(ctx, batch);
  }

  @Mutation(() => BulkResult, { description: "Moves every selected product to the trash (restoreProducts brings them back); NOT_FOUND (and nothing deleted) when an id is not one of yours" })
  bulkDeleteProducts(@Arg('selection', () => ProductSelectionInput) selection: ProductSelectionInput, @Ctx() ctx: RequestContext) {
    return productBulkService.remove(ctx, selectionOf(selection));
  }

  @Mutation(() => BulkResult, {
    description:
      'Receives (positive delta) or sells (negative) the same amount of every selected product, each recorded as a BULK movement; CONFLICT (and nothing changed) when one of them has too little stock',
  })
  bulkAdjustStock(
    @Arg('selection', () => ProductSelectionInput) selection: ProductSelectionInput,
    @Arg('delta', () => Int) delta: number,
    @Arg('reason', () => StockMovementReason, { nullable: true, description: 'SALE, RECEIPT, RETURN, DAMAGE or CORRECTION, for the activity log; by default SALE or RECEIPT by the sign' })
    reason: StockMovementReason | undefined,
    @Arg('note', () => String, { nullable: true, description: 'At most 200 characters' }) note: string | undefined,
    @Ctx() ctx: RequestContext,
  ) {
    return productBulkService.adjustStock(ctx, selectionOf(selection), { delta, reason, note });
  }
}
