import type { RequestContext } from '../../account/context';
import { searchMatchesStatement, type ProductFilter } from '../list-query/product-list.queries';

/** How a list request finds its search's matches: by id when they are few, by the list's own walk when they are many. */

/**
 * A search that matches at most this many products is read by their ids, which the trigram index finds; more is a
 * common term, which the list's own statement finds sooner, walking the sort's index until its page is full.
 */
const FEW_SEARCH_MATCHES = 1_000;

/**
 * Terms lately found to match more than FEW_SEARCH_MATCHES products, per workspace, until when: a shop searching a
 * common word again skips finding that out again. A term that has since become rare is still found, row by row.
 */
const commonTerms = new Map<string, number>();
const COMMON_TERM_MS = 60_000;
const COMMON_TERMS_KEPT = 1_000;

/** The filter with its search's matches, when they are few (see searchMatchesStatement). */
export async function withFewSearchMatches(ctx: RequestContext, filter: ProductFilter): Promise<ProductFilter> {
  if (!filter.search) return filter;
  const key = `${filter.workspaceId}\u0000${filter.search}`;
  if ((commonTerms.get(key) ?? 0) > Date.now()) return filter;
  const matches = await ctx.sql.query<{ id: string }>(searchMatchesStatement(filter.search, FEW_SEARCH_MATCHES + 1));
  if (matches.length <= FEW_SEARCH_MATCHES) return { ...filter, searchMatches: matches.map((match) => match.id) };
  // The oldest entry makes room: a Map keeps its keys in the order they were set.
  commonTerms.delete(key);
  if (commonTerms.size >= COMMON_TERMS_KEPT) commonTerms.delete(commonTerms.keys().next().value!);
  commonTerms.set(key, Date.now() + COMMON_TERM_MS);
  return filter;
}
