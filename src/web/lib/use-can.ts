import type { ActiveWorkspaceInfo } from '../../domain/api/account';
import { roleAllows, type WorkspacePermission } from '../../domain/workspaces/roles';
import { useSession } from './session';

/** The workspace the session works in, with the user's role there; null for someone in none. */
export function useWorkspace(): ActiveWorkspaceInfo | null {
  return useSession().workspace;
}

/** Whether a role (or nobody's, outside any workspace) holds the permission. */
export function allows(workspace: ActiveWorkspaceInfo | null, permission: WorkspacePermission): boolean {
  return workspace !== null && roleAllows(workspace.role, permission);
}

/**
 * Whether the user's role in the active workspace holds the permission. The server refuses
 * what it does not allow anyway: pages ask this to leave out what would only meet a 403.
 */
export function useCan(permission: WorkspacePermission): boolean {
  return allows(useWorkspace(), permission);
}

/** useCan for a list of things, each with its own permission (the navigation's links). */
export function usePermissions(): (permission: WorkspacePermission) => boolean {
  const workspace = useWorkspace();
  return (permission) => allows(workspace, permission);
}
