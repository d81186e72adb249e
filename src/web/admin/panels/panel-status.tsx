import { inventoryBadge } from '../../../domain/status';
import { EmailText } from '../../ui/email-text';
import { StatusBadge } from '../../ui/status-badge';
import type { AdminPanel } from '../api/panels-api';
import { inventoryPanelEnded } from '../shared/panel-billing-text';

/**
 * Whose a bought panel is ('to'), or was once it expired or was retired ('was'); a retired one
 * whose subscription ended says when, since its credentials want rotating before a restock.
 */
export function PanelOwner({ panel }: { panel: AdminPanel }) {
  if (!panel.owner) return null;
  const ended = inventoryPanelEnded(panel);
  return (
    <div className="text-xs text-slate-600 dark:text-slate-400">
      {panel.status === 'sold' ? 'to' : 'was'} <EmailText email={panel.owner.email} />
      {panel.orderId !== null && <span className="whitespace-nowrap"> · order #{panel.orderId}</span>}
      {ended && <div className="font-medium text-amber-800 dark:text-amber-300">{ended}</div>}
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
