import { parseUserListParams, serializeUserListParams, toUserListQuery } from './user-list-params';

describe('admin: the user list in the URL', () => {
  it('reads page and search, falling back to the defaults for what the rules refuse', () => {
    expect(parseUserListParams(new URLSearchParams('page=3&search=%20ada%20'))).toEqual({ page: 3, search: 'ada' });
    expect(parseUserListParams(new URLSearchParams('page=0'))).toEqual({ page: 1, search: '' });
    expect(parseUserListParams(new URLSearchParams('page=x&search=' + 'a'.repeat(101)))).toEqual({ page: 1, search: '' });
  });

  it('writes only what differs from the defaults, and asks for a page of 10', () => {
    expect(serializeUserListParams({ page: 1, search: '' })).toBe('');
    expect(serializeUserListParams({ page: 2, search: 'ada l' })).toBe('search=ada+l&page=2');
    expect(toUserListQuery({ page: 2, search: '' })).toEqual({ page: 2, limit: 10 });
    expect(toUserListQuery({ page: 1, search: 'ada' })).toEqual({ page: 1, limit: 10, search: 'ada' });
  });
});
