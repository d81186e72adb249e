import { workspacesApi } from '../../../domain/api/workspaces';
import { call } from '../call';

// The caller's workspaces: the list the workspace menu shows, and the moves that change which
// one the session works in. The members page manages the members and invitations
// (account/api/members-api.ts).

export type { Workspace } from '../../../domain/api/workspaces';

export const WORKSPACES_QUERY_KEY = ['me', 'workspaces'] as const;

export const workspacesQuery = {
  queryKey: WORKSPACES_QUERY_KEY,
  queryFn: () => call(workspacesApi.list),
};

/** The session moves into the new workspace, as its owner. */
export const createWorkspace = (name: string) => call(workspacesApi.create, { body: { name } });

export const activateWorkspace = (workspaceId: string) =>
  call(workspacesApi.activate, { params: { workspaceId } });

/** The session moves back to the person's personal workspace. */
export const leaveWorkspace = (workspaceId: string) => call(workspacesApi.leave, { params: { workspaceId } });

export const deleteWorkspace = (workspaceId: string) =>
  call(workspacesApi.remove, { params: { workspaceId } });
