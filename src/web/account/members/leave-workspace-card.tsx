import { LogOut } from 'lucide-react';
import type { ActiveWorkspaceInfo } from '../../../domain/api/account';
import { leaveWorkspace } from '../../lib/api/workspaces-api';
import { rethrowInWords } from '../../lib/workspace-errors';
import { ConfirmDialog } from '../../ui/confirm-dialog';
import { DangerActionCard } from '../components/danger-action-card';
import { useBackToPersonalWorkspace } from './use-back-to-personal-workspace';

/**
 * 'Leave workspace', for every member but its owner (who hands it over first), and never the
 * personal workspace. The session goes back to the personal one, and the app starts over there.
 */
export function LeaveWorkspaceCard({ workspace }: { workspace: ActiveWorkspaceInfo }) {
  const backToPersonal = useBackToPersonalWorkspace();
  return (
    <DangerActionCard
      title="Leave workspace"
      description={`Stop working in ${workspace.name}.`}
      icon={<LogOut className="h-5 w-5" />}
      warning="You lose access at once, and the API keys you made here stop working. To come back you need a new invitation."
      action="Leave workspace"
    >
      {(dialog) => (
        <ConfirmDialog
          {...dialog}
          title={`Leave ${workspace.name}?`}
          confirm={{ label: 'Leave workspace', busyLabel: 'Leaving...', tone: 'danger' }}
          onConfirm={async () => {
            await leaveWorkspace(workspace.id).catch(
              rethrowInWords('We could not take you out of the workspace.'),
            );
            dialog.onClose();
            await backToPersonal(`You left ${workspace.name}`);
          }}
        >
          <p>
            You lose access to its orders, panels and billing at once. An owner or admin can invite you again.
          </p>
        </ConfirmDialog>
      )}
    </DangerActionCard>
  );
}
