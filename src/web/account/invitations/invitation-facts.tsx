import { ROLE_TEXTS } from '../../../domain/workspaces/roles';
import { formatDateTime } from '../../lib/dates';
import type { InvitationView } from '../api/invitations-api';

const term = 'text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400';

/** What an invitation offers: the role and what it may do, for which address, until when. */
export function InvitationFacts({ view }: { view: InvitationView }) {
  const role = ROLE_TEXTS[view.role];
  return (
    <dl className="space-y-4 rounded-xl border border-slate-200 bg-slate-50 p-4 text-sm dark:border-slate-800 dark:bg-slate-950/40">
      <div>
        <dt className={term}>Workspace</dt>
        <dd className="mt-0.5 font-semibold break-words text-slate-900 dark:text-white">
          {view.workspaceName}
        </dd>
      </div>
      <div>
        <dt className={term}>Your role</dt>
        <dd className="mt-0.5 text-slate-700 dark:text-slate-300">
          <span className="font-semibold text-slate-900 dark:text-white">{role.label}</span>: {role.summary}
        </dd>
      </div>
      <div>
        <dt className={term}>For</dt>
        <dd className="mt-0.5 [overflow-wrap:anywhere] text-slate-700 dark:text-slate-300">{view.email}</dd>
      </div>
      <div>
        <dt className={term}>Link works until</dt>
        <dd className="mt-0.5 text-slate-700 dark:text-slate-300">{formatDateTime(view.expiresAt)}</dd>
      </div>
    </dl>
  );
}
