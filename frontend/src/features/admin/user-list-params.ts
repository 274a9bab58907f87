import { PAGINATION, Rules, validateField } from '@stockroom/schema';
import type { UserListInput } from '@stockroom/schema/generated/graphql';

/** The admin user list as the URL holds it: `?page=2&search=ada`. */
export interface UserListParams {
  page: number;
  search: string;
}

/** Reads the URL leniently: a page or search the shared rules refuse falls back to the default. */
export function parseUserListParams(searchParams: URLSearchParams): UserListParams {
  const rawPage = searchParams.get('page');
  const rawSearch = (searchParams.get('search') ?? '').trim();
  const page = rawPage !== null && !validateField(Rules.page, rawPage) ? Number(rawPage) : PAGINATION.defaultPage;
  const search = validateField(Rules.search, rawSearch) ? '' : rawSearch;
  return { page, search };
}

/** The canonical query string: defaults are left out. */
export function serializeUserListParams({ page, search }: UserListParams): string {
  const params = new URLSearchParams();
  if (search) params.set('search', search);
  if (page !== PAGINATION.defaultPage) params.set('page', String(page));
  return params.toString();
}

export const toUserListQuery = ({ page, search }: UserListParams): UserListInput => ({
  page,
  limit: PAGINATION.defaultLimit,
  ...(search && { search }),
});
