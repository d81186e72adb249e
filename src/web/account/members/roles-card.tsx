import { ShieldCheck } from 'lucide-react';
import { ROLE_TEXTS, WORKSPACE_ROLES, type WorkspaceRole } from '../../../domain/workspaces/roles';
import { SectionCard } from '../../layout/section-card';
import { Badge } from '../../ui/badge';

/** 'Roles': what each role may do, the user's own marked; the same words as the docs. */
export function RolesCard({ current }: { current: WorkspaceRole }) {
  return (
    <section aria-labelledby="roles-title">
      <SectionCard
        titleId="roles-title"
        title="Roles"
        description="What each member may do in the workspace."
        icon={<ShieldCheck className="h-5 w-5" />}
      >
        <dl className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {WORKSPACE_ROLES.map((role) => (
            <div
              key={role}
              className="grid gap-1 py-3 first:pt-0 last:pb-0 sm:grid-cols-[11rem_minmax(0,1fr)] sm:gap-4"
            >
              <dt className="flex items-center gap-2 font-semibold text-slate-900 dark:text-white">
                {ROLE_TEXTS[role].label}
                {role === current && (
                  <Badge tone="neutral" className="px-2 py-0.5 whitespace-nowrap">
                    Your role
                  </Badge>
                )}
              </dt>
              <dd className="text-slate-600 dark:text-slate-400">{ROLE_TEXTS[role].summary}</dd>
            </div>
          ))}
        </dl>
      </SectionCard>
    </section>
  );
}
