import { useQuery } from '@tanstack/react-query';
import { ChevronsUpDown, LoaderCircle, Plus, Users } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { plural } from '../../domain/format';
import { ROLE_TEXTS } from '../../domain/workspaces/roles';
import { activateWorkspace, type Workspace, workspacesQuery } from '../lib/api/workspaces-api';
import { useCan, useWorkspace } from '../lib/use-can';
import { useEnterWorkspace } from '../lib/use-enter-workspace';
import { useToastedRun } from '../lib/use-toasted-save';
import { workspaceErrorText } from '../lib/workspace-errors';
import { Menu, MenuGroup, MenuItem, MenuLink, MenuNote, MenuRadioItem, MenuSeparator } from '../ui/menu';
import { CreateWorkspaceDialog } from './create-workspace-dialog';
import { MEMBERS_PATH } from './nav-items';

/** 'Admin · 3 members', 'Owner · personal': what a workspace is to the user, under its name. */
function workspaceLine(workspace: Workspace): string {
  const role = ROLE_TEXTS[workspace.role].label;
  return workspace.personal ? `${role} · personal` : `${role} · ${plural(workspace.members, 'member')}`;
}

function WorkspaceChoices({ onSwitch }: { onSwitch: (workspace: Workspace) => void }) {
  const list = useQuery(workspacesQuery);
  const active = useWorkspace();
  if (list.isPending) return <MenuNote>Loading your workspaces…</MenuNote>;
  if (list.isError) return <MenuNote>We could not load your workspaces.</MenuNote>;
  const activeId = list.data.activeId ?? active?.id;
  return (
    <MenuGroup label="Workspaces">
      {list.data.workspaces.map((workspace) => (
        <MenuRadioItem
          key={workspace.id}
          checked={workspace.id === activeId}
          onSelect={() => onSwitch(workspace)}
        >
          <span className="block truncate font-medium">{workspace.name}</span>
          <span className="block text-xs text-slate-600 dark:text-slate-400">{workspaceLine(workspace)}</span>
        </MenuRadioItem>
      ))}
    </MenuGroup>
  );
}

/**
 * The workspace the session works in and the user's role there, in the top bar; its menu lists
 * the user's workspaces (the active one checked), creates one, and leads to the members page for
 * roles that manage members. Switching moves the session, then the app starts over on the new
 * workspace's dashboard, so nothing of the old one stays on screen.
 */
export function WorkspaceSwitcher() {
  const workspace = useWorkspace();
  const canManageMembers = useCan('members.manage');
  const enter = useEnterWorkspace();
  const [creating, setCreating] = useState(false);
  const { busy: switching, run } = useToastedRun('Could not switch workspace', (error) =>
    workspaceErrorText(error, 'Please try again.'),
  );

  const switchTo = (target: Workspace) =>
    run(async () => {
      await activateWorkspace(target.id);
      await enter();
      toast.success(`Now working in ${target.name}`, {
        description: `Your role: ${ROLE_TEXTS[target.role].label.toLowerCase()}.`,
      });
    });

  return (
    <>
      <Menu
        menuLabel="Workspace"
        triggerClassName="flex h-11 max-w-full min-w-0 items-center gap-2 rounded-lg px-2 text-left transition-colors hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800"
        className="absolute top-full left-0 mt-2 max-h-[70dvh] w-72 max-sm:fixed max-sm:inset-x-3 max-sm:top-[4.25rem] max-sm:w-auto"
        trigger={
          <>
            <span className="min-w-0 leading-tight">
              <span className="sr-only">Workspace: </span>
              <span className="block max-w-[7rem] truncate text-sm font-semibold text-slate-900 sm:max-w-[14rem] dark:text-white">
                {workspace?.name ?? 'No workspace'}
              </span>
              {workspace && (
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  <span className="sr-only">, your role: </span>
                  {ROLE_TEXTS[workspace.role].label}
                </span>
              )}
            </span>
            {switching ? (
              <LoaderCircle className="h-4 w-4 shrink-0 animate-spin text-slate-500" aria-hidden="true" />
            ) : (
              <ChevronsUpDown
                className="h-4 w-4 shrink-0 text-slate-500 dark:text-slate-400"
                aria-hidden="true"
              />
            )}
          </>
        }
      >
        <WorkspaceChoices onSwitch={(target) => void switchTo(target)} />
        <MenuSeparator />
        <MenuItem onSelect={() => setCreating(true)} icon={<Plus className="h-4 w-4" aria-hidden="true" />}>
          Create workspace
        </MenuItem>
        {canManageMembers && (
          <MenuLink to={MEMBERS_PATH} icon={<Users className="h-4 w-4" aria-hidden="true" />}>
            Members
          </MenuLink>
        )}
      </Menu>
      <CreateWorkspaceDialog open={creating} onClose={() => setCreating(false)} />
    </>
  );
}
