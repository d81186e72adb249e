import { ADMIN_PANEL_BILLING_TEXTS } from '../../../domain/panel-billing';
import { formatDate } from '../../lib/dates';

/** What the admin console says of a panel's renewal, and how loud (an end reads as a warning). */
export interface AdminPanelBilling {
  text: string;
  tone: 'muted' | 'warning';
}

/**
 * A panel of an order (docs/decisions/0017): 'Renews on <date>' while it renews with its order,
 * 'Ends on <date> (canceled at period end)' while a canceled one runs, 'Expired on <date>' once it
 * ended (no longer sold, or its end passed before the sweep took it). Null when it has neither,
 * such as a panel replaced under the warranty or an order whose subscription never started.
 */
export function adminPanelBilling(
  panel: { status: string; renewsAt: string | null; endsAt: string | null },
  now: Date,
): AdminPanelBilling | null {
  if (panel.renewsAt)
    return { text: ADMIN_PANEL_BILLING_TEXTS.renews(formatDate(panel.renewsAt)), tone: 'muted' };
  if (!panel.endsAt) return null;
  const over = panel.status !== 'sold' || new Date(panel.endsAt).getTime() <= now.getTime();
  const date = formatDate(panel.endsAt);
  return {
    text: over ? ADMIN_PANEL_BILLING_TEXTS.expired(date) : ADMIN_PANEL_BILLING_TEXTS.ends(date),
    tone: 'warning',
  };
}

/** An inventory row: a retired panel whose subscription ended says so (rotate, then restock). */
export function inventoryPanelEnded(panel: { status: string; endedAt: string | null }): string | null {
  return panel.status === 'retired' && panel.endedAt
    ? ADMIN_PANEL_BILLING_TEXTS.subscriptionEnded(formatDate(panel.endedAt))
    : null;
}
