import { Building2 } from 'lucide-react';
import { Link } from 'react-router';
import { ROLE_TEXTS } from '../../../domain/workspaces/roles';
import { MEMBERS_PATH } from '../../layout/nav-items';
import { SectionCard } from '../../layout/section-card';
import { useCan, useWorkspace } from '../../lib/use-can';
import { buttonClasses } from '../../ui/button';

/**
 * 'Workspace': where the settings below apply and the user's role there, with the way to the
 * members page (the members themselves for the roles that manage them, the roles and 'Leave'
 * for everyone).
 */
export function WorkspaceCard() {
  const workspace = useWorkspace();
  const canManageMembers = useCan('members.manage');
  if (!workspace) return null;
  const role = ROLE_TEXTS[workspace.role];
  return (
    <SectionCard
      title="Workspace"
      description="API keys and webhooks belong to the workspace you work in; switch it in the top bar."
      icon={<Building2 className="h-5 w-5" />}
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="min-w-0 text-sm">
          <p className="font-semibold break-words text-slate-900 dark:text-white">{workspace.name}</p>
          <p className="mt-0.5 text-slate-600 dark:text-slate-400">
            Your role: {role.label}. {role.summary}
          </p>
        </div>
        <Link to={MEMBERS_PATH} className={buttonClasses({ variant: 'outline', className: 'shrink-0' })}>
          {canManageMembers ? 'Manage members' : 'Members and roles'}
        </Link>
      </div>
    </SectionCard>
  );
}
