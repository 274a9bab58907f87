import { FieldResolver, Resolver, Root } from 'type-graphql';
import { Pagination } from '../common/pagination';

/**
 * `totalIsEstimate` on every list's pagination. Only product searches can
 * estimate their total; the other lists always count exactly, so their
 * pagination leaves the flag out and it reads as false.
 */
@Resolver(() => Pagination)
export class PaginationResolver {
  @FieldResolver(() => Boolean, { description: "true when `total` is an estimate (a product search with more matches than are counted exactly); show it as 'about N'" })
  totalIsEstimate(@Root() pagination: Pagination & { totalIsEstimate?: boolean }): boolean {
    return pagination.totalIsEstimate ?? false;
  }
}
