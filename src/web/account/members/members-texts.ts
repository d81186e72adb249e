import type { Invitation } from '../../../domain/api/workspaces';
import { plural } from '../../../domain/format';
import type { Badge } from '../../../domain/status';
import { ASSIGNABLE_ROLES, ROLE_TEXTS, type WorkspaceRole } from '../../../domain/workspaces/roles';

// What the members page says of members and invitations. Pure, so the rules are tested
// without a DOM.

/** The roles a member can be given or invited with, as the selects offer them. */
export const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((role) => ({ value: role, label: ROLE_TEXTS[role].label }));

export const roleLabel = (role: WorkspaceRole) => ROLE_TEXTS[role].label;

/** 'Never' until the member has done something in the workspace. */
export function lastActiveText(lastActiveAt: string | null, format: (iso: string) => string): string {
  return lastActiveAt === null ? 'Never' : format(lastActiveAt);
}

export const INVITATION_BADGES: Record<Invitation['state'], Badge> = {
  pending: { label: 'Pending', tone: 'yellow' },
  accepted: { label: 'Accepted', tone: 'green' },
  revoked: { label: 'Revoked', tone: 'red' },
  expired: { label: 'Expired', tone: 'red' },
};

/** An invitation can be sent again while nobody used it: pending, or expired (with a new link). */
export const canResend = (invitation: Invitation) =>
  invitation.state === 'pending' || invitation.state === 'expired';

export const canRevoke = (invitation: Invitation) => invitation.state === 'pending';

/** '2 resends left today', under the Resend button; 'No resends left today' once they are used. */
export function resendsLeftText(left: number): string {
  return left > 0 ? `${plural(left, 'resend')} left today` : 'No resends left today';
}

/** Under the invitation's state: when it was last sent, and when its link stops working or stopped. */
export function invitationDatesText(invitation: Invitation, format: (iso: string) => string): string {
  const sent = `Sent ${format(invitation.lastSentAt)}`;
  if (invitation.state === 'pending') return `${sent} · link works until ${format(invitation.expiresAt)}`;
  if (invitation.state === 'expired') return `${sent} · expired ${format(invitation.expiresAt)}`;
  return sent;
}
