import { keepsAnOwner } from './workspaces';

describe('keepsAnOwner', () => {
  it('lets any member but the last owner stop being an owner', () => {
    expect(keepsAnOwner('OWNER', 1)).toBe(false);
    expect(keepsAnOwner('OWNER', 2)).toBe(true);
    for (const role of ['ADMIN', 'EDITOR', 'COUNTER', 'VIEWER'] as const) expect(keepsAnOwner(role, 1)).toBe(true);
  });
});
