import { describe, expect, it } from 'vitest';
import type { Invitation } from '../../../domain/api/workspaces';
import { ASSIGNABLE_ROLES } from '../../../domain/workspaces/roles';
import {
  canResend,
  canRevoke,
  invitationDatesText,
  lastActiveText,
  ROLE_OPTIONS,
  resendsLeftText,
} from './members-texts';

const day = (iso: string) => iso.slice(0, 10);

const invitation = (state: Invitation['state']): Invitation => ({
  id: 7,
  email: 'ops@example.com',
  role: 'operator',
  state,
  invitedBy: 'owner@example.com',
  createdAt: '2026-03-01T10:00:00.000Z',
  expiresAt: '2026-03-03T10:00:00.000Z',
  lastSentAt: '2026-03-01T10:00:00.000Z',
  resendsLeftToday: 3,
});

describe('the members page texts', () => {
  it('offers the roles an invitation or a change may give: never owner', () => {
    expect(ROLE_OPTIONS.map((o) => o.value)).toEqual([...ASSIGNABLE_ROLES]);
    expect(ROLE_OPTIONS.map((o) => o.label)).not.toContain('Owner');
  });

  it('says Never for a member who was never active', () => {
    expect(lastActiveText(null, day)).toBe('Never');
    expect(lastActiveText('2026-03-02T08:00:00.000Z', day)).toBe('2026-03-02');
  });

  it('resends an invitation nobody used, and revokes only a pending one', () => {
    expect(canResend(invitation('pending'))).toBe(true);
    expect(canResend(invitation('expired'))).toBe(true);
    expect(canResend(invitation('accepted'))).toBe(false);
    expect(canResend(invitation('revoked'))).toBe(false);
    expect(canRevoke(invitation('pending'))).toBe(true);
    expect(canRevoke(invitation('expired'))).toBe(false);
  });

  it('counts the resends left today, and says when there are none', () => {
    expect(resendsLeftText(3)).toBe('3 resends left today');
    expect(resendsLeftText(1)).toBe('1 resend left today');
    expect(resendsLeftText(0)).toBe('No resends left today');
  });

  it('says until when a pending link works, and when an expired one stopped', () => {
    expect(invitationDatesText(invitation('pending'), day)).toBe(
      'Sent 2026-03-01 · link works until 2026-03-03',
    );
    expect(invitationDatesText(invitation('expired'), day)).toBe('Sent 2026-03-01 · expired 2026-03-03');
    expect(invitationDatesText(invitation('accepted'), day)).toBe('Sent 2026-03-01');
  });
});
