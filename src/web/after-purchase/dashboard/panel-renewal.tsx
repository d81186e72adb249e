import { useCan } from '../../lib/use-can';
import { textLinkClasses } from '../../ui/text-link';
import type { ActivePanel } from '../api/dashboard-api';
import { type PanelBillingMode, panelRenewalView } from './panel-views';

const LABELS: Record<PanelBillingMode, string> = { cancel: 'Cancel panel', resume: 'Resume panel' };

/**
 * A panel's renewal in its row: when it renews or ends, and the cancel or resume it offers
 * (the confirmation opens at the list's level, outside the table's cells) to the roles that
 * manage billing.
 */
export function PanelRenewal({
  panel,
  now,
  onAsk,
}: {
  panel: ActivePanel;
  now: Date;
  onAsk: (mode: PanelBillingMode, panels: readonly ActivePanel[]) => void;
}) {
  const view = panelRenewalView(panel, now);
  const canManage = useCan('billing.manage');
  return (
    <span className="inline-flex flex-col items-start text-xs whitespace-nowrap">
      <span
        className={
          view.offers === 'cancel'
            ? 'text-slate-600 dark:text-slate-400'
            : 'font-medium text-amber-800 dark:text-amber-300'
        }
      >
        {view.text}
      </span>
      {view.offers && canManage && (
        <button
          type="button"
          onClick={() => onAsk(view.offers as PanelBillingMode, [panel])}
          aria-label={`${LABELS[view.offers]} ${panel.email}`}
          className={textLinkClasses}
        >
          {LABELS[view.offers]}
        </button>
      )}
    </span>
  );
}
