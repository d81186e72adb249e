import type { ActiveWorkspaceInfo } from '../../../domain/api/account';
import type { AssignableRole } from '../../../domain/workspaces/roles';
import { formatDate } from '../../lib/dates';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { buttonsColumn } from '../../ui/column-kinds';
import type { Column } from '../../ui/column-table';
import { ColumnTableOrCards } from '../../ui/column-table-or-cards';
import { SelectFilter } from '../../ui/select-filter';
import type { Member } from '../api/members-api';
import { lastActiveText, ROLE_OPTIONS, roleLabel } from './members-texts';

export interface MemberActions {
  /** The signed-in user's id: their own row offers no change (leaving is below). */
  selfId: string;
  /** Whether the user may hand the workspace over: its owner, unless it is their personal one. */
  canTransfer: boolean;
  onChangeRole: (member: Member, role: AssignableRole) => void;
  onRemove: (member: Member) => void;
  onTransfer: (member: Member) => void;
}

/** The owner's role changes only by handing ownership over, and nobody changes their own here. */
const roleIsFixed = (member: Member, actions: MemberActions) =>
  member.role === 'owner' || member.userId === actions.selfId;

function RoleCell({ member, actions }: { member: Member; actions: MemberActions }) {
  if (roleIsFixed(member, actions))
    return <span className="whitespace-nowrap">{roleLabel(member.role)}</span>;
  return (
    <SelectFilter<AssignableRole>
      // Not an owner here (roleIsFixed), so the role is one a member can be given.
      choice={{
        value: member.role as AssignableRole,
        onChange: (role) => actions.onChangeRole(member, role),
      }}
      options={ROLE_OPTIONS}
      label={`Role of ${member.name}`}
      className="sm:w-36"
    />
  );
}

function RowActions({ member, actions }: { member: Member; actions: MemberActions }) {
  if (member.userId === actions.selfId || member.role === 'owner') return null;
  return (
    <div className="flex flex-wrap justify-end gap-2">
      {actions.canTransfer && (
        <Button
          variant="ghost"
          size="sm"
          onClick={() => actions.onTransfer(member)}
          aria-label={`Make ${member.name} the owner`}
        >
          Make owner
        </Button>
      )}
      <Button
        variant="outline"
        size="sm"
        onClick={() => actions.onRemove(member)}
        aria-label={`Remove ${member.name}`}
      >
        Remove
      </Button>
    </div>
  );
}

function NameCell({ member, selfId }: { member: Member; selfId: string }) {
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="font-medium break-words text-slate-900 dark:text-white">{member.name}</span>
      {member.userId === selfId && (
        <Badge tone="neutral" className="px-2 py-0.5 whitespace-nowrap">
          You
        </Badge>
      )}
    </span>
  );
}

/** The workspace's members: a table from the sm breakpoint up, a card each on a phone. */
export function MemberList({
  workspace,
  members,
  actions,
}: {
  workspace: ActiveWorkspaceInfo;
  members: readonly Member[];
  actions: MemberActions;
}) {
  const columns: Column<Member>[] = [
    { header: 'Name', className: 'max-w-48', cell: (m) => <NameCell member={m} selfId={actions.selfId} /> },
    { header: 'Email', className: 'max-w-56 [overflow-wrap:anywhere]', cell: (m) => m.email },
    { header: 'Role', cell: (m) => <RoleCell member={m} actions={actions} /> },
    {
      header: 'Last active',
      className: 'whitespace-nowrap',
      cell: (m) => lastActiveText(m.lastActiveAt, formatDate),
    },
    { ...buttonsColumn('Actions'), cell: (m) => <RowActions member={m} actions={actions} /> },
  ];
  return (
    <ColumnTableOrCards
      label={`Members of ${workspace.name}`}
      rows={members}
      columns={columns}
      rowKey={(m) => m.userId}
      card={{
        title: (m) => <NameCell member={m} selfId={actions.selfId} />,
        badge: (m) =>
          roleIsFixed(m, actions) ? (
            <Badge tone="neutral" className="shrink-0 px-2.5 py-0.5">
              {roleLabel(m.role)}
            </Badge>
          ) : null,
        facts: (m) => [
          { term: 'Email', value: <span className="[overflow-wrap:anywhere]">{m.email}</span>, wide: true },
          ...(roleIsFixed(m, actions)
            ? []
            : [{ term: 'Role', value: <RoleCell member={m} actions={actions} />, wide: true }]),
          { term: 'Last active', value: lastActiveText(m.lastActiveAt, formatDate) },
          { term: 'Joined', value: formatDate(m.joinedAt) },
        ],
        action: (m) => <RowActions member={m} actions={actions} />,
      }}
    />
  );
}
