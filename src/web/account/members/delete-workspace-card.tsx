import { Trash2 } from 'lucide-react';
import type { ActiveWorkspaceInfo } from '../../../domain/api/account';
import { deleteWorkspace } from '../../lib/api/workspaces-api';
import { workspaceErrorText } from '../../lib/workspace-errors';
import { DangerActionCard } from '../components/danger-action-card';
import { TypeToConfirmDialog } from '../components/type-to-confirm-dialog';
import { useBackToPersonalWorkspace } from './use-back-to-personal-workspace';

/**
 * 'Delete workspace', for its owner, never the personal one: typing its name confirms. Its
 * members lose it and its keys and webhooks stop; the session goes back to the personal
 * workspace and the app starts over there.
 */
export function DeleteWorkspaceCard({ workspace }: { workspace: ActiveWorkspaceInfo }) {
  const backToPersonal = useBackToPersonalWorkspace();
  return (
    <DangerActionCard
      title="Delete workspace"
      description={`Delete ${workspace.name} for everyone in it.`}
      icon={<Trash2 className="h-5 w-5" />}
      warning="This cannot be undone. Its members lose access, and its API keys and webhooks stop. Its orders and invoices are kept for the accounts. Subscriptions must have ended first."
      action="Delete workspace"
    >
      {(dialog) => (
        <TypeToConfirmDialog
          {...dialog}
          title={`Delete ${workspace.name}?`}
          description="Everyone in it loses access at once."
          input={{ id: 'delete-workspace-name', label: `Type ${workspace.name} to confirm` }}
          matches={(typed) => typed.trim() === workspace.name.trim()}
          action="Delete workspace"
          onConfirm={async (_typed, close) => {
            await deleteWorkspace(workspace.id);
            close();
            await backToPersonal(`${workspace.name} deleted`);
          }}
          onError={(error) =>
            workspaceErrorText(error, 'We could not delete the workspace. Please try again.')
          }
        />
      )}
    </DangerActionCard>
  );
}
