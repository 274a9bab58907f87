import { assignableRoles, canManageMember, leaveOffer } from './member-actions';

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

  it('offers Leave to anyone but the only owner, and never in a personal workspace', () => {
    const team = [{ role: 'OWNER' as const }, { role: 'EDITOR' as const }];
    expect(leaveOffer('OWNER', false, team)).toBe('onlyOwner');
    expect(leaveOffer('OWNER', false, [...team, { role: 'OWNER' as const }])).toBe('leave');
    expect(leaveOffer('OWNER', false, undefined)).toBeUndefined();
    expect(leaveOffer('EDITOR', false, team)).toBe('leave');
    expect(leaveOffer('VIEWER', false, undefined)).toBe('leave');
    expect(leaveOffer('OWNER', true, [{ role: 'OWNER' as const }])).toBe('none');
  });
});
