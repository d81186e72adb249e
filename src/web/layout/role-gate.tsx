import type { ReactNode } from 'react';
import type { ActiveWorkspaceInfo } from '../../domain/api/account';
import { ROLE_TEXTS, type WorkspacePermission } from '../../domain/workspaces/roles';
import { allows, useWorkspace } from '../lib/use-can';
import { Alert } from '../ui/alert';

/** Why a page is not there for this role, in the words the server's 403 uses. */
export function notInRoleText(workspace: ActiveWorkspaceInfo | null, what: string): string {
  if (!workspace) return 'You do not belong to a workspace. Ask for an invitation or create one.';
  const role = ROLE_TEXTS[workspace.role].label.toLowerCase();
  return `Your role in ${workspace.name} is ${role}, which does not include ${what}. An owner or admin of the workspace can change it.`;
}

/**
 * A page, or a part of one, that the user's role in the active workspace may not use: instead
 * of a load error (the server would answer 403), a plain word on why it is not there.
 */
export function RoleGate({
  permission,
  what,
  children,
}: {
  permission: WorkspacePermission;
  /** What the role lacks, after "does not include": 'billing', 'buying'. */
  what: string;
  children: ReactNode;
}) {
  const workspace = useWorkspace();
  if (allows(workspace, permission)) return children;
  return (
    <Alert tone="info" title="Not part of your role">
      {notInRoleText(workspace, what)}
    </Alert>
  );
}
