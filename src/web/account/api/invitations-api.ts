import { useQuery } from '@tanstack/react-query';
import { workspacesApi } from '../../../domain/api/workspaces';
import { ApiRequestError } from '../../lib/api';
import { call } from '../../lib/call';

// An invitation link, read by whoever holds it (signed in or not), and accepted by the person
// whose proven address it names.

export type { InvitationView } from '../../../domain/api/workspaces';

export const invitationQueryKey = (token: string) => ['invitation', token] as const;

export const useInvitation = (token: string) =>
  useQuery({
    queryKey: invitationQueryKey(token),
    queryFn: () => call(workspacesApi.viewInvitation, { params: { token } }),
    // A link that is not there (404) or asked too often (429) will not answer otherwise on a retry.
    retry: (count, error) => !(error instanceof ApiRequestError) && count < 1,
  });

/** Joins the workspace; the session then works in it. */
export const acceptInvitation = (token: string) =>
  call(workspacesApi.acceptInvitation, { params: { token } });
