import { type Query, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SESSION_QUERY_KEY, useSessionActions } from './session';
import { announceSession, onSessionNews } from './session-shared';

/** What stays across a change of workspace: the session itself and the site's own settings. */
const belongsToNoWorkspace = (query: Query) =>
  query.queryKey[0] === SESSION_QUERY_KEY[0] || query.queryKey[0] === 'site';

/**
 * Forgets what was read in the previous workspace, then lands on the dashboard. What no screen
 * shows is dropped before the move, so the dashboard does not open on another workspace's
 * figures; what is on screen now (the top bar's lists, the page being left) is reset after it,
 * so it shows nothing of the old workspace while it loads again.
 */
async function startOver(queryClient: QueryClient, goToDashboard: () => Promise<void>): Promise<void> {
  const cache = queryClient.getQueryCache();
  const onScreen = new Set(
    cache.findAll({ predicate: (q) => !belongsToNoWorkspace(q) && q.getObserversCount() > 0 }),
  );
  await queryClient.cancelQueries({ predicate: (q) => !belongsToNoWorkspace(q) });
  queryClient.removeQueries({ predicate: (q) => !belongsToNoWorkspace(q) && !onScreen.has(q) });
  await goToDashboard();
  await queryClient.resetQueries({ predicate: (q) => onScreen.has(q) });
}

/**
 * After the session moved into another workspace (switched, created, joined, left, deleted):
 * read the session again (the new workspace and the role there), forget everything read in
 * the old one, go to the dashboard, and tell this site's other tabs, which share the session
 * and so the workspace.
 */
export function useEnterWorkspace(): () => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { refresh } = useSessionActions();
  return useCallback(async () => {
    await refresh();
    announceSession('workspace-changed');
    await startOver(queryClient, () => Promise.resolve(navigate('/dashboard')));
  }, [queryClient, navigate, refresh]);
}

/**
 * Another tab moved the shared session into another workspace: this tab's pages would show
 * the old one's data while every request already acts in the new one. It follows, and says so.
 */
export function useFollowWorkspaceElsewhere(): void {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { refresh } = useSessionActions();
  useEffect(
    () =>
      onSessionNews((news) => {
        if (news !== 'workspace-changed') return;
        void (async () => {
          const session = await refresh();
          await startOver(queryClient, () => Promise.resolve(navigate('/dashboard')));
          if (session.workspace)
            toast.info(`Now working in ${session.workspace.name}`, {
              description: 'You switched workspaces in another tab.',
            });
        })();
      }),
    [queryClient, navigate, refresh],
  );
}
