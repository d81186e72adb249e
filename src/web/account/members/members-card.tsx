import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { ActiveWorkspaceInfo } from '../../../domain/api/account';
import type { AssignableRole } from '../../../domain/workspaces/roles';
import { SectionCard } from '../../layout/section-card';
import { useSession, useSessionActions } from '../../lib/session';
import { allows } from '../../lib/use-can';
import { rethrowInWords, workspaceErrorText } from '../../lib/workspace-errors';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import {
  changeMemberRole,
  type Member,
  membersQuery,
  membersQueryKey,
  removeMember,
  transferOwnership,
} from '../api/members-api';
import { ConfirmRemovalDialog } from '../settings/confirm-removal-dialog';
import { SectionQuery } from '../settings/section-loading';
import { MemberList } from './member-list';
import { roleLabel } from './members-texts';

/** What a dialog about one member needs: none is open while `member` is null. */
interface MemberDialogProps {
  workspace: ActiveWorkspaceInfo;
  member: Member | null;
  onClose: () => void;
}

function RemoveDialog({ workspace, member, onClose }: MemberDialogProps) {
  return (
    <ConfirmRemovalDialog
      item={member}
      onClose={onClose}
      title="Remove this member?"
      label="Remove member"
      busyLabel="Removing..."
      remove={(removed) =>
        removeMember(workspace.id, removed.userId).catch(rethrowInWords('We could not remove the member.'))
      }
      listKey={membersQueryKey(workspace.id)}
      onRemoved={(removed) =>
        toast.success('Member removed', {
          description: `${removed.name} no longer has access to ${workspace.name}.`,
        })
      }
    >
      <p>
        <strong className="font-semibold text-slate-900 dark:text-white">{member?.name}</strong> (
        {member?.email}) loses access to {workspace.name} at their next request. The API keys they made stop
        working.
      </p>
      <p>They can join again only with a new invitation.</p>
    </ConfirmRemovalDialog>
  );
}

function TransferDialog({ workspace, member, onClose }: MemberDialogProps) {
  const queryClient = useQueryClient();
  const { refresh } = useSessionActions();
  const transfer = async () => {
    if (!member) return;
    const members = await transferOwnership(workspace.id, member.userId).catch(
      rethrowInWords('We could not hand over the workspace.'),
    );
    queryClient.setQueryData(membersQueryKey(workspace.id), members);
    // The user is an admin now: the page and the menus follow the new role.
    await refresh();
    toast.success(`${member.name} owns ${workspace.name} now`, { description: 'You are an admin of it.' });
  };
  return (
    <ConfirmDialog
      open={member !== null}
      onClose={onClose}
      title="Make this member the owner?"
      confirm={{ label: 'Make owner', busyLabel: 'Handing over...', tone: 'danger' }}
      onConfirm={transfer}
    >
      <p>
        <strong className="font-semibold text-slate-900 dark:text-white">{member?.name}</strong> becomes the
        owner of {workspace.name}, with every power over it, deleting it included. You become an admin.
      </p>
      <p>Only the new owner can hand it back.</p>
    </ConfirmDialog>
  );
}

/** 'Members': who works in the workspace, their role (changed in place), removing one, handing ownership over. */
export function MembersCard({ workspace }: { workspace: ActiveWorkspaceInfo }) {
  const queryClient = useQueryClient();
  const { user } = useSession();
  const members = useQuery(membersQuery(workspace.id));
  const [removing, setRemoving] = useState<Member | null>(null);
  const [handingTo, setHandingTo] = useState<Member | null>(null);

  const changeRole = async (member: Member, role: AssignableRole) => {
    try {
      const changed = await changeMemberRole(workspace.id, member.userId, role);
      queryClient.setQueryData<Member[]>(membersQueryKey(workspace.id), (list) =>
        list?.map((m) => (m.userId === changed.userId ? changed : m)),
      );
      toast.success('Role changed', {
        description: `${changed.name} is ${roleLabel(changed.role).toLowerCase()} from their next request.`,
      });
    } catch (error) {
      toast.error('Could not change the role', {
        description: workspaceErrorText(error, 'Please try again.'),
      });
      await queryClient.invalidateQueries({ queryKey: membersQueryKey(workspace.id) });
    }
  };

  return (
    <section aria-labelledby="members-title">
      <SectionCard
        titleId="members-title"
        title="Members"
        description="A new role applies at the member's next request."
        icon={<Users className="h-5 w-5" />}
      >
        <SectionQuery query={members} what="the members">
          {(list) => (
            <MemberList
              workspace={workspace}
              members={list}
              actions={{
                selfId: user?.id ?? '',
                // A personal workspace stays with the account it came with.
                canTransfer: allows(workspace, 'workspace.own') && !workspace.personal,
                onChangeRole: (member, role) => void changeRole(member, role),
                onRemove: setRemoving,
                onTransfer: setHandingTo,
              }}
            />
          )}
        </SectionQuery>
        <RemoveDialog workspace={workspace} member={removing} onClose={() => setRemoving(null)} />
        <TransferDialog workspace={workspace} member={handingTo} onClose={() => setHandingTo(null)} />
      </SectionCard>
    </section>
  );
}
