import { workspacesApi } from '../../../domain/api/workspaces';
import type { AssignableRole } from '../../../domain/workspaces/roles';
import { call } from '../../lib/call';

// The active workspace's members and invitations. Every path names the workspace; the server
// answers 404 for any but the session's.

export type { Invitation, Member } from '../../../domain/api/workspaces';

export const membersQueryKey = (workspaceId: string) => ['me', 'workspaces', workspaceId, 'members'] as const;
export const invitationsQueryKey = (workspaceId: string) =>
  ['me', 'workspaces', workspaceId, 'invitations'] as const;

export const membersQuery = (workspaceId: string) => ({
  queryKey: membersQueryKey(workspaceId),
  queryFn: async () => (await call(workspacesApi.members, { params: { workspaceId } })).members,
});

export const invitationsQuery = (workspaceId: string) => ({
  queryKey: invitationsQueryKey(workspaceId),
  queryFn: async () => (await call(workspacesApi.invitations, { params: { workspaceId } })).invitations,
});

export const changeMemberRole = (workspaceId: string, userId: string, role: AssignableRole) =>
  call(workspacesApi.changeRole, { params: { workspaceId, userId }, body: { role } });

export const removeMember = (workspaceId: string, userId: string) =>
  call(workspacesApi.removeMember, { params: { workspaceId, userId } });

/** The new owner takes over; the caller becomes an admin. Answers the members as they are now. */
export const transferOwnership = async (workspaceId: string, userId: string) =>
  (await call(workspacesApi.transfer, { params: { workspaceId }, body: { userId } })).members;

export const inviteMember = (workspaceId: string, email: string, role: AssignableRole) =>
  call(workspacesApi.invite, { params: { workspaceId }, body: { email, role } });

export const resendInvitation = (workspaceId: string, invitationId: number) =>
  call(workspacesApi.resendInvitation, { params: { workspaceId, invitationId } });

export const revokeInvitation = (workspaceId: string, invitationId: number) =>
  call(workspacesApi.revokeInvitation, { params: { workspaceId, invitationId } });
