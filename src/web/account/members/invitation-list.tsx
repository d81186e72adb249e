import type { Invitation } from '../../../domain/api/workspaces';
import { formatDate } from '../../lib/dates';
import { Button } from '../../ui/button';
import { buttonsColumn } from '../../ui/column-kinds';
import type { Column } from '../../ui/column-table';
import { ColumnTableOrCards } from '../../ui/column-table-or-cards';
import { StatusBadge } from '../../ui/status-badge';
import {
  canResend,
  canRevoke,
  INVITATION_BADGES,
  invitationDatesText,
  resendsLeftText,
  roleLabel,
} from './members-texts';

export interface InvitationActions {
  /** The invitation being sent again, while the request runs. */
  resending: number | null;
  onResend: (invitation: Invitation) => void;
  onRevoke: (invitation: Invitation) => void;
}

function State({ invitation }: { invitation: Invitation }) {
  return (
    <div className="flex flex-col items-start gap-1">
      <StatusBadge badge={INVITATION_BADGES[invitation.state]} />
      <span className="text-xs text-slate-600 dark:text-slate-400">
        {invitationDatesText(invitation, formatDate)}
      </span>
    </div>
  );
}

/** The invited address, and under it who invited them. */
function Invitee({ invitation }: { invitation: Invitation }) {
  return (
    <div className="min-w-0">
      <p className="font-medium [overflow-wrap:anywhere] text-slate-900 dark:text-white">
        {invitation.email}
      </p>
      {invitation.invitedBy && (
        <p className="text-xs [overflow-wrap:anywhere] text-slate-600 dark:text-slate-400">
          Invited by {invitation.invitedBy}
        </p>
      )}
    </div>
  );
}

function RowActions({ invitation, actions }: { invitation: Invitation; actions: InvitationActions }) {
  const resend = canResend(invitation);
  if (!resend && !canRevoke(invitation)) return null;
  const left = invitation.resendsLeftToday;
  return (
    <div className="flex flex-col items-end gap-1">
      <div className="flex flex-wrap justify-end gap-2">
        {resend && (
          <Button
            variant="outline"
            size="sm"
            disabled={left === 0 || actions.resending === invitation.id}
            onClick={() => actions.onResend(invitation)}
            aria-label={`Resend the invitation to ${invitation.email}`}
            aria-describedby={`resends-left-${invitation.id}`}
          >
            {actions.resending === invitation.id ? 'Sending...' : 'Resend'}
          </Button>
        )}
        {canRevoke(invitation) && (
          <Button
            variant="ghost"
            size="sm"
            onClick={() => actions.onRevoke(invitation)}
            aria-label={`Revoke the invitation to ${invitation.email}`}
          >
            Revoke
          </Button>
        )}
      </div>
      {resend && (
        <span id={`resends-left-${invitation.id}`} className="text-xs text-slate-600 dark:text-slate-400">
          {resendsLeftText(left)}
        </span>
      )}
    </div>
  );
}

/** The workspace's invitations, newest first: a table from the sm breakpoint up, cards on a phone. */
export function InvitationList({
  invitations,
  actions,
}: {
  invitations: readonly Invitation[];
  actions: InvitationActions;
}) {
  const columns: Column<Invitation>[] = [
    { header: 'Email', className: 'max-w-72', cell: (i) => <Invitee invitation={i} /> },
    { header: 'Role', className: 'whitespace-nowrap', cell: (i) => roleLabel(i.role) },
    { header: 'State', cell: (i) => <State invitation={i} /> },
    { ...buttonsColumn('Actions'), cell: (i) => <RowActions invitation={i} actions={actions} /> },
  ];
  return (
    <ColumnTableOrCards
      label="Invitations"
      rows={invitations}
      columns={columns}
      rowKey={(i) => i.id}
      card={{
        title: (i) => (
          <p className="min-w-0 font-medium [overflow-wrap:anywhere] text-slate-900 dark:text-white">
            {i.email}
          </p>
        ),
        badge: (i) => <StatusBadge badge={INVITATION_BADGES[i.state]} className="shrink-0" />,
        facts: (i) => [
          { term: 'Role', value: roleLabel(i.role) },
          { term: 'Sent', value: formatDate(i.lastSentAt) },
          ...(i.state === 'pending' ? [{ term: 'Link works until', value: formatDate(i.expiresAt) }] : []),
          ...(i.invitedBy
            ? [
                {
                  term: 'Invited by',
                  value: <span className="[overflow-wrap:anywhere]">{i.invitedBy}</span>,
                  wide: true,
                },
              ]
            : []),
        ],
        action: (i) => <RowActions invitation={i} actions={actions} />,
      }}
    />
  );
}
