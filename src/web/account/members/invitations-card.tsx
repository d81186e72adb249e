import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MailPlus } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { ActiveWorkspaceInfo } from '../../../domain/api/account';
import { INVITATION_VALID_HOURS } from '../../../domain/workspaces/roles';
import { SectionCard } from '../../layout/section-card';
import { resendErrorText, rethrowInWords } from '../../lib/workspace-errors';
import {
  type Invitation,
  invitationsQuery,
  invitationsQueryKey,
  resendInvitation,
  revokeInvitation,
} from '../api/members-api';
import { ConfirmRemovalDialog } from '../settings/confirm-removal-dialog';
import { SectionQuery } from '../settings/section-loading';
import { InvitationList } from './invitation-list';
import { InviteForm } from './invite-form';

function RevokeDialog({
  workspace,
  invitation,
  onClose,
}: {
  workspace: ActiveWorkspaceInfo;
  invitation: Invitation | null;
  onClose: () => void;
}) {
  return (
    <ConfirmRemovalDialog
      item={invitation}
      onClose={onClose}
      title="Revoke this invitation?"
      label="Revoke invitation"
      busyLabel="Revoking..."
      remove={(revoked) =>
        revokeInvitation(workspace.id, revoked.id).catch(
          rethrowInWords('We could not revoke the invitation.'),
        )
      }
      listKey={invitationsQueryKey(workspace.id)}
      onRemoved={(revoked) =>
        toast.success('Invitation revoked', {
          description: `The link sent to ${revoked.email} no longer works.`,
        })
      }
    >
      <p>
        The link sent to{' '}
        <span className="font-medium text-slate-900 dark:text-white">{invitation?.email}</span> stops working
        at once. You can invite them again later.
      </p>
    </ConfirmRemovalDialog>
  );
}

/** 'Invitations': inviting someone by e-mail, then each invitation's state, resending and revoking. */
export function InvitationsCard({ workspace }: { workspace: ActiveWorkspaceInfo }) {
  const queryClient = useQueryClient();
  const invitations = useQuery(invitationsQuery(workspace.id));
  const [resending, setResending] = useState<number | null>(null);
  const [revoking, setRevoking] = useState<Invitation | null>(null);

  const resend = async (invitation: Invitation) => {
    setResending(invitation.id);
    try {
      const sent = await resendInvitation(workspace.id, invitation.id);
      queryClient.setQueryData<Invitation[]>(invitationsQueryKey(workspace.id), (list) =>
        list?.map((i) => (i.id === sent.id ? sent : i)),
      );
      toast.success('Invitation sent again', {
        description: `${sent.email} has a new link, valid ${INVITATION_VALID_HOURS} hours.`,
      });
    } catch (error) {
      toast.error('Could not send the invitation again', { description: resendErrorText(error) });
      await queryClient.invalidateQueries({ queryKey: invitationsQueryKey(workspace.id) });
    } finally {
      setResending(null);
    }
  };

  return (
    <section aria-labelledby="invitations-title">
      <SectionCard
        titleId="invitations-title"
        title="Invitations"
        description={`Each link works for ${INVITATION_VALID_HOURS} hours, once, and only for the address it was sent to.`}
        icon={<MailPlus className="h-5 w-5" />}
      >
        <div className="space-y-6">
          <InviteForm workspace={workspace} />
          <SectionQuery query={invitations} what="the invitations" empty="No invitations yet.">
            {(list) => (
              <InvitationList
                invitations={list}
                actions={{ resending, onResend: (i) => void resend(i), onRevoke: setRevoking }}
              />
            )}
          </SectionQuery>
        </div>
        <RevokeDialog workspace={workspace} invitation={revoking} onClose={() => setRevoking(null)} />
      </SectionCard>
    </section>
  );
}
