import type { RequestContext } from '../account/context';
import { NotProductOwnerError, ProductNotFoundError } from './product.errors';
import type { ProductRow } from './product-columns';
import { productByIdStatement } from './product-record.queries';

/**
 * Reading one product by id, for a module whose own statement matched no row
 * and must say why. The caller has checked who is asking; these only read.
 */

/** A live product by id, whoever owns it; undefined when it is missing or in the trash. */
export async function liveProduct(ctx: RequestContext, id: string): Promise<ProductRow | undefined> {
  const [row] = await ctx.sql.query<ProductRow>(productByIdStatement(id));
  return row;
}

/**
 * Every write is one conditional statement scoped to the owner; when it
 * matches no row this says why: 404 for a missing product, 403 for someone
 * else's. Otherwise it returns the product as it is now, for the caller to
 * name the remaining reason (a stale version, too little stock).
 */
export async function currentOwnProduct(ctx: RequestContext, id: string, ownerId: string): Promise<ProductRow> {
  const current = await liveProduct(ctx, id);
  if (!current) throw new ProductNotFoundError();
  if (current.owner !== ownerId) throw new NotProductOwnerError();
  return current;
}

/** One of the caller's products; a missing one and someone else's alike are 'Product not found', as if it did not exist. */
export async function readOwnProduct(ctx: RequestContext, id: string, ownerId: string): Promise<ProductRow> {
  const row = await liveProduct(ctx, id);
  if (!row || row.owner !== ownerId) throw new ProductNotFoundError();
  return row;
}
