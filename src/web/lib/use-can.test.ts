import { describe, expect, it } from 'vitest';
import type { ActiveWorkspaceInfo } from '../../domain/api/account';
import { allows } from './use-can';

const as = (role: ActiveWorkspaceInfo['role']): ActiveWorkspaceInfo => ({
  id: 'w1',
  name: 'Acme',
  role,
  personal: false,
});

describe('what the pages offer each role (the role table decides)', () => {
  it('a viewer reads, and buys, cancels or reveals nothing', () => {
    expect(allows(as('viewer'), 'orders.read')).toBe(true);
    for (const permission of ['orders.buy', 'billing.manage', 'panels.credentials', 'billing.read'] as const)
      expect(allows(as('viewer'), permission), permission).toBe(false);
  });

  it('an operator sees passwords but no billing; billing sees billing but no passwords', () => {
    expect(allows(as('operator'), 'panels.credentials')).toBe(true);
    expect(allows(as('operator'), 'billing.read')).toBe(false);
    expect(allows(as('billing'), 'billing.manage')).toBe(true);
    expect(allows(as('billing'), 'panels.credentials')).toBe(false);
  });

  it('only the owner may delete or hand over the workspace', () => {
    expect(allows(as('owner'), 'workspace.own')).toBe(true);
    expect(allows(as('admin'), 'workspace.own')).toBe(false);
    expect(allows(as('admin'), 'members.manage')).toBe(true);
  });

  it('someone in no workspace may do nothing a workspace holds', () => {
    expect(allows(null, 'orders.read')).toBe(false);
  });
});
