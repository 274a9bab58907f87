import { assignableRoles, canManageMember } from './member-actions';

describe('member actions', () => {
  it('lets an owner manage anyone and give any role', () => {
    expect(canManageMember('OWNER', 'OWNER')).toBe(true);
    expect(assignableRoles('OWNER')).toEqual(['OWNER', 'ADMIN', 'EDITOR', 'COUNTER', 'VIEWER']);
  });

  it('lets an admin manage members other than owners, never making one', () => {
    expect(canManageMember('ADMIN', 'OWNER')).toBe(false);
    expect(canManageMember('ADMIN', 'EDITOR')).toBe(true);
    expect(assignableRoles('ADMIN')).toEqual(['ADMIN', 'EDITOR', 'COUNTER', 'VIEWER']);
  });

  it('offers editors, counters and viewers nothing', () => {
    for (const role of ['EDITOR', 'COUNTER', 'VIEWER'] as const) {
      expect(canManageMember(role, 'VIEWER')).toBe(false);
      expect(assignableRoles(role)).toEqual([]);
    }
    expect(canManageMember(null, 'VIEWER')).toBe(false);
  });
});
