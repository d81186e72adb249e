import { PANEL_EMAIL_PENDING, PANEL_PASSWORD_PENDING } from '../../../domain/messages';
import { panelBadge } from '../../../domain/status';
import { formatDate } from '../../lib/dates';
import { StatusBadge } from '../../ui/status-badge';
import { ProcessingOrderLine, ShowMoreButton } from './processing-order-line';
import type { ProcessingViewProps } from './processing-table';

const term = 'text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400';

/** Waiting panels on a phone: the order line (with the time left) stays in view, each panel a short card. */
export function ProcessingCards({ groups, now, onShowAll }: ProcessingViewProps) {
  const badge = panelBadge('processing');
  return (
    <div className="divide-y divide-slate-200 dark:divide-slate-800">
      {groups.map((group) => (
        <section key={group.orderId} aria-label={`Order #${group.orderId}`}>
          <div className="bg-slate-50/70 px-5 py-2.5 dark:bg-slate-900/40">
            <ProcessingOrderLine group={group} now={now} />
          </div>
          <ul className="divide-y divide-slate-100 dark:divide-slate-800/70">
            {group.rowKeys.map((key) => (
              <li key={key} className="space-y-2 px-5 py-3 text-sm">
                <div className="flex items-center justify-between gap-3">
                  <StatusBadge badge={badge} />
                  <span className="text-slate-600 dark:text-slate-400">{formatDate(group.orderDate)}</span>
                </div>
                <dl className="grid grid-cols-2 gap-x-4 text-slate-500 dark:text-slate-400">
                  <div>
                    <dt className={term}>Admin Email</dt>
                    <dd className="italic">{PANEL_EMAIL_PENDING}</dd>
                  </div>
                  <div>
                    <dt className={term}>Password</dt>
                    <dd>{PANEL_PASSWORD_PENDING}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
          {group.hiddenRows > 0 && (
            <div className="px-3 py-2">
              <ShowMoreButton group={group} onClick={() => onShowAll(group.orderId)} />
            </div>
          )}
        </section>
      ))}
    </div>
  );
}
