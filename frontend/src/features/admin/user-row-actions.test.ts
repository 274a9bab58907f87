import { userRowActions } from './user-row-actions';

describe('admin: row actions', () => {
  it('offers the other role and the other status', () => {
    expect(userRowActions({ id: 'u2', role: 'Member', status: 'Active' }, 'u1').map((a) => a.label)).toEqual(['Make admin', 'Deactivate']);
    expect(userRowActions({ id: 'u2', role: 'Admin', status: 'Inactive' }, 'u1')).toEqual([
      { kind: 'role', role: 'Member', label: 'Make member' },
      { kind: 'reactivate', label: 'Reactivate' },
    ]);
  });

  it('offers nothing on your own row', () => {
    expect(userRowActions({ id: 'u1', role: 'Admin', status: 'Active' }, 'u1')).toEqual([]);
  });
});
