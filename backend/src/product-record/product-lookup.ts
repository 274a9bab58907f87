import type { RequestContext } from '../account/context';
import { NotProductOwnerError, ProductNotFoundError } from './product.errors';
import type { ProductRow } from './product-columns';
import { productByIdStatement, productPlacementStatement, type ProductPlacementRow } from './product-record.queries';

/**
 * Reading one product by id, for a module whose own statement matched no row
 * and must say why. The caller has checked who is asking; these only read.
 */

/** A live product by id and its workspace, whichever it is; undefined when it is missing or in the trash. */
async function liveProductIn(ctx: RequestContext, id: string): Promise<{ product: ProductRow; workspaceId: string } | undefined> {
  const [row] = await ctx.sql.query<ProductRow & { workspaceId: string }>(productByIdStatement(id));
  if (!row) return undefined;
  const { workspaceId, ...product } = row;
  return { product, workspaceId };
}

/** A live product by id, whichever workspace holds it; undefined when it is missing or in the trash. */
export async function liveProduct(ctx: RequestContext, id: string): Promise<ProductRow | undefined> {
  return (await liveProductIn(ctx, id))?.product;
}

/**
 * Every write is one conditional statement scoped to the workspace; when it
 * matches no row this says why: 404 for a missing product, 403 for another
 * workspace's. Otherwise it returns the product as it is now, for the caller to
 * name the remaining reason (a stale version, too little stock).
 */
export async function currentOwnProduct(ctx: RequestContext, id: string, workspaceId: string): Promise<ProductRow> {
  const current = await liveProductIn(ctx, id);
  if (current?.workspaceId === workspaceId) return current.product;
  const placement = await productPlacement(ctx, id);
  if (placement && !placement.trashed) throw new NotProductOwnerError();
  throw new ProductNotFoundError();
}

/**
 * Which workspace holds a product, whichever it is, and whether it is in the trash there; undefined when it
 * does not exist at all. Only for saying why a write matched no row: another workspace's rows are otherwise
 * invisible to a request.
 */
export async function productPlacement(ctx: RequestContext, id: string): Promise<ProductPlacementRow | undefined> {
  const [placement] = await ctx.sql.query<ProductPlacementRow>(productPlacementStatement(id));
  return placement;
}

/** The workspace's product if it is live; undefined when it is missing, in the trash or another workspace's. */
export async function liveProductOf(ctx: RequestContext, id: string, workspaceId: string): Promise<ProductRow | undefined> {
  const row = await liveProductIn(ctx, id);
  return row?.workspaceId === workspaceId ? row.product : undefined;
}

/** One of the caller's products; a missing one and someone else's alike are 'Product not found', as if it did not exist. */
export async function readOwnProduct(ctx: RequestContext, id: string, workspaceId: string): Promise<ProductRow> {
  const row = await liveProductIn(ctx, id);
  if (!row || row.workspaceId !== workspaceId) throw new ProductNotFoundError();
  return row.product;
}
