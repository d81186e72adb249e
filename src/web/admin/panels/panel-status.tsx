import { inventoryBadge } from '../../../domain/status';
import { EmailText } from '../../ui/email-text';
import { StatusBadge } from '../../ui/status-badge';
import type { AdminPanel } from '../api/panels-api';

/** Whose a bought panel is ('to'), or was once it expired or was retired ('was'). */
export function PanelOwner({ panel }: { panel: AdminPanel }) {
  if (!panel.owner) return null;
  return (
    <div className="text-xs text-slate-600 dark:text-slate-400">
      {panel.status === 'sold' ? 'to' : 'was'} <EmailText email={panel.owner.email} />
      {panel.orderId !== null && <span className="whitespace-nowrap"> · order #{panel.orderId}</span>}
    </div>
  );
}

/** The real status (D11) with the owner under it. */
export function PanelStatus({ panel }: { panel: AdminPanel }) {
  return (
    <div className="min-w-0 space-y-1">
      <StatusBadge badge={inventoryBadge(panel.status)} />
      <PanelOwner panel={panel} />
    </div>
  );
}
