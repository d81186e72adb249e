import { plural } from '../../../domain/format';
import type { ActivePanel } from '../api/dashboard-api';

/** Mailboxes used of the panel's maximum, and its domains (spec: capacity). */
export function PanelCapacity({ panel }: { panel: ActivePanel }) {
  return (
    <div>
      <span className="whitespace-nowrap text-slate-800 tabular-nums dark:text-slate-200">
        {panel.currentMailboxes.toLocaleString('en-US')} / {panel.maxMailboxes.toLocaleString('en-US')}
      </span>
      <div className="text-xs text-slate-500 dark:text-slate-400">
        mailboxes · {plural(panel.domains, 'domain')}
      </div>
    </div>
  );
}
