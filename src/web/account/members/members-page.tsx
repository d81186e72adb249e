import { AppPage } from '../../layout/app-page';
import { notInRoleText } from '../../layout/role-gate';
import { allows, useWorkspace } from '../../lib/use-can';
import { Alert } from '../../ui/alert';
import { DeleteWorkspaceCard } from './delete-workspace-card';
import { InvitationsCard } from './invitations-card';
import { LeaveWorkspaceCard } from './leave-workspace-card';
import { MembersCard } from './members-card';
import { RolesCard } from './roles-card';

/**
 * /settings/members: the active workspace's members and invitations for the roles that manage
 * them; the roles, and leaving or deleting the workspace, for whoever may. Every member reaches
 * it, if only to leave.
 */
export default function MembersPage() {
  const workspace = useWorkspace();
  if (!workspace) {
    return (
      <AppPage title="Members">
        <Alert tone="info">{notInRoleText(null, 'members')}</Alert>
      </AppPage>
    );
  }
  const canManage = allows(workspace, 'members.manage');
  return (
    <AppPage
      title="Members"
      description={
        canManage
          ? `The people in ${workspace.name}, their roles and invitations.`
          : `Your role in ${workspace.name}, and what each role may do.`
      }
    >
      {canManage ? (
        <>
          <MembersCard workspace={workspace} />
          <InvitationsCard workspace={workspace} />
        </>
      ) : (
        <Alert tone="info">The workspace’s owner and admins see its members and invite people.</Alert>
      )}
      <RolesCard current={workspace.role} />
      {!workspace.personal && workspace.role !== 'owner' && <LeaveWorkspaceCard workspace={workspace} />}
      {!workspace.personal && allows(workspace, 'workspace.own') && (
        <DeleteWorkspaceCard workspace={workspace} />
      )}
    </AppPage>
  );
}
