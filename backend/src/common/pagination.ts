import { Field, Int, ObjectType } from 'type-graphql';

/** The pagination every list answer carries, the same on REST and GraphQL. */
@ObjectType()
export class Pagination {
  @Field(() => Int) page!: number;
  @Field(() => Int) limit!: number;
  @Field(() => Int) total!: number;
  @Field(() => Int) totalPages!: number;
  @Field() hasNextPage!: boolean;
  @Field() hasPrevPage!: boolean;
}

/** The pagination of page `page` of `total` items, `limit` to a page. */
export function paginationOf(page: number, limit: number, total: number): Pagination {
  const totalPages = Math.ceil(total / limit);
  return { page, limit, total, totalPages, hasNextPage: page < totalPages, hasPrevPage: page > 1 };
}
