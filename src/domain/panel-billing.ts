import { plural } from './format';
import { LIVE_SUBSCRIPTION_STATUSES } from './status';

// One panel's place in its order's subscription (D8, docs/decisions/0017): renewing with the
// order, canceled and running to the period end, or ended. One rule for the server's answers,
// the webhooks and the pages.

export interface PanelRenewalFacts {
  cancelAtPeriodEnd: boolean;
  /** When the panel's subscription ended, or is fixed to end (a renewal paid without it). */
  endedAt: Date | null;
  subscriptionStatus: string;
  currentPeriodEnd: Date | null;
}

export interface PanelRenewal {
  /** The period end while the panel renews with its order; null once it is canceled or ended. */
  renewsAt: Date | null;
  /** When it stops: the period end of a canceled panel, or the moment it ended. */
  endsAt: Date | null;
}

export function panelRenewal(facts: PanelRenewalFacts): PanelRenewal {
  if (facts.endedAt) return { renewsAt: null, endsAt: facts.endedAt };
  const live = (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(facts.subscriptionStatus);
  if (!live || !facts.currentPeriodEnd) return { renewsAt: null, endsAt: null };
  return facts.cancelAtPeriodEnd
    ? { renewsAt: null, endsAt: facts.currentPeriodEnd }
    : { renewsAt: facts.currentPeriodEnd, endsAt: null };
}

/**
 * A canceled panel's end is fixed once a renewal was paid without it (or it ended): it can no
 * longer be resumed, and the server refuses one with 409 `panel_ended`.
 */
export const panelEndFixed = (panel: Pick<PanelRenewalFacts, 'endedAt'>): boolean => panel.endedAt !== null;

/**
 * Whether the customer can take back a panel's cancel: it is canceled, its end is not fixed and
 * its subscription still runs. The server's rule for a resume (lifecycle/panel-moves.ts), so
 * the pages offer a resume exactly where the server would make one.
 */
export function panelResumable(facts: PanelRenewalFacts): boolean {
  const live = (LIVE_SUBSCRIPTION_STATUSES as readonly string[]).includes(facts.subscriptionStatus);
  return facts.cancelAtPeriodEnd && !panelEndFixed(facts) && live && facts.currentPeriodEnd !== null;
}

/** The admin console's words for a panel's renewal; `date` comes formatted. */
export const ADMIN_PANEL_BILLING_TEXTS = {
  renews: (date: string) => `Renews on ${date}`,
  ends: (date: string) => `Ends on ${date} (canceled at period end)`,
  expired: (date: string) => `Expired on ${date}`,
  subscriptionEnded: (date: string) => `Subscription ended ${date}`,
};

/** Most panels one cancel or resume names: a page of the dashboard's table is far fewer. */
export const PANEL_SELECTION_MAX = 100;

/** The words the dashboard and /billing use for a panel's renewal; `date` comes formatted. */
export const PANEL_BILLING_TEXTS = {
  renews: (date: string) => `Renews ${date}`,
  renewalDue: (date: string) => `Renewal due ${date}`,
  ends: (date: string) => `Ends ${date}`,
  expired: 'Expired',
  cancelTitle: (count: number) => (count === 1 ? 'Cancel this panel?' : `Cancel ${count} panels?`),
  resumeTitle: (count: number) => (count === 1 ? 'Resume this panel?' : `Resume ${count} panels?`),
  cancelBody: (count: number, until: string) =>
    `${count === 1 ? 'The panel stays' : `The ${count} panels stay`} active until ${until}, then ${
      count === 1 ? 'it is' : 'they are'
    } not renewed and ${count === 1 ? 'expires' : 'expire'}. You can resume before then. There are no pro-rated refunds.`,
  resumeBody: (count: number, on: string) =>
    `${count === 1 ? 'The panel renews' : `The ${count} panels renew`} with the rest of the order on ${on}.`,
  canceled: (count: number) => `${plural(count, 'panel')} canceled`,
  resumed: (count: number) => `${plural(count, 'panel')} resumed`,
  cancelFailed: 'We could not cancel the panels. Please try again.',
  resumeFailed: 'We could not resume the panels. Please try again.',
  /** /billing: what the next renewal of an order of `total` panels covers, and its price. */
  nextRenewal: (panels: number, total: number, price: string) => {
    if (panels === 0) return 'Next renewal: none, every panel is canceled';
    const which =
      panels === total
        ? total === 1
          ? '1 panel'
          : `all ${total} panels`
        : `${panels} of ${plural(total, 'panel')}`;
    return `Next renewal: ${which} for ${price}`;
  },
};
