import { isBlank, PAGINATION } from '@stockroom/schema';
import { Field, Int, ObjectType } from 'type-graphql';

/** The pagination every list answer carries, the same on REST and GraphQL. */
@ObjectType({ simpleResolvers: true })
export class Pagination {
  @Field(() => Int) page!: number;
  @Field(() => Int) limit!: number;
  @Field(() => Int) total!: number;
  @Field(() => Int) totalPages!: number;
  @Field() hasNextPage!: boolean;
  @Field() hasPrevPage!: boolean;
  /** Only a product search with more matches than are counted exactly estimates its total; every other list counts it. */
  @Field({ description: "true when `total` is an estimate (a product search with more matches than are counted exactly); show it as 'about N'" })
  totalIsEstimate!: boolean;
}

/** The pagination of page `page` of `total` items, `limit` to a page; `total` is exact unless `totalIsEstimate` says so. */
export function paginationOf(page: number, limit: number, total: number, totalIsEstimate = false): Pagination {
  const totalPages = Math.ceil(total / limit);
  return { page, limit, total, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1, totalIsEstimate };
}

/** The page and page size a validated list request asks for, the defaults for whatever it left out, and the rows to skip. */
export function pageRequestOf(input: { page?: unknown; limit?: unknown }): { page: number; limit: number; offset: number } {
  const page = isBlank(input.page) ? PAGINATION.defaultPage : Number(input.page);
  const limit = isBlank(input.limit) ? PAGINATION.defaultLimit : Number(input.limit);
  return { page, limit, offset: (page - 1) * limit };
}
