import { describe, expect, it } from 'vitest';
import type { CustomerDetail } from '../api/customers-api';
import { membersLine } from './customer-detail-dialog';

type Workspace = CustomerDetail['workspaces'][number];

const workspace = (over: Partial<Workspace>): Workspace => ({
  id: 'w1',
  name: 'Agency',
  personal: false,
  role: 'owner',
  members: [
    { userId: 'u1', email: 'ann@agency.example', role: 'owner' },
    { userId: 'u2', email: 'bob@agency.example', role: 'viewer' },
  ],
  memberCount: 2,
  ...over,
});

describe("a workspace's members in the customer dialog", () => {
  it('names every member when the server listed them all', () => {
    expect(membersLine(workspace({}))).toBe('ann@agency.example (Owner), bob@agency.example (Viewer)');
  });

  it('counts the members the server left out', () => {
    expect(membersLine(workspace({ memberCount: 3 }))).toBe(
      'ann@agency.example (Owner), bob@agency.example (Viewer) and 1 more member',
    );
    expect(membersLine(workspace({ memberCount: 1_202 }))).toBe(
      'ann@agency.example (Owner), bob@agency.example (Viewer) and 1,200 more members',
    );
  });
});
