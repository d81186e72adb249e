import { PANEL_BILLING_TEXTS } from '../../../domain/panel-billing';
import { formatDate } from '../../lib/dates';
import { pagedBoxes, type SelectionBoxes } from '../../lib/selection-boxes';
import { usePermissions } from '../../lib/use-can';
import type { PagedSelection } from '../../lib/use-paged-selection';
import type { ActivePanel } from '../api/dashboard-api';
import type { MyReplacement } from '../api/replacements-api';
import type { useRevealedPasswords } from './use-revealed-passwords';

/** What the table (wide screens) and the card list (phones) of active panels both receive. */
export interface PanelViewProps {
  /** The page of panels on screen (the server searched and paged them). */
  panels: readonly ActivePanel[];
  /** Kept across pages and searches: the rows themselves, so an export has them all. */
  selection: PagedSelection<ActivePanel>;
  passwords: ReturnType<typeof useRevealedPasswords>;
  /** Each panel's open replacement request, by panel id. */
  openRequests: ReadonlyMap<number, MyReplacement>;
  /** Opens the confirmation to cancel or resume these panels. */
  onAsk: (mode: PanelBillingMode, panels: readonly ActivePanel[]) => void;
  now: Date;
}

export type PanelBillingMode = 'cancel' | 'resume';

/** What a panel's row says of its renewal, and which of cancel and resume it offers. */
export interface PanelRenewalView {
  text: string;
  offers: PanelBillingMode | null;
}

/**
 * 'Renews <date>' while the panel renews with its order, 'Renewal due <date>' once that date
 * passed unpaid (past due, within its grace: the banner above says what comes next), 'Ends
 * <date>' once canceled (it runs until then), 'Expired' once that date passed (until the sweep
 * takes it off the list).
 */
export function panelRenewalView(panel: ActivePanel, now: Date): PanelRenewalView {
  if (panel.renewsAt) {
    const date = formatDate(panel.renewsAt);
    const due = new Date(panel.renewsAt).getTime() <= now.getTime();
    return {
      text: due ? PANEL_BILLING_TEXTS.renewalDue(date) : PANEL_BILLING_TEXTS.renews(date),
      offers: 'cancel',
    };
  }
  if (panel.endsAt && new Date(panel.endsAt).getTime() > now.getTime()) {
    return {
      text: PANEL_BILLING_TEXTS.ends(formatDate(panel.endsAt)),
      // A canceled panel left out of a renewal already paid ends all the same: no resume.
      offers: panel.resumable ? 'resume' : null,
    };
  }
  return { text: PANEL_BILLING_TEXTS.expired, offers: null };
}

/** The panels of a selection the action applies to: cancel the renewing ones, resume the canceled. */
export const panelsFor = (mode: PanelBillingMode, panels: readonly ActivePanel[], now: Date) =>
  panels.filter((panel) => panelRenewalView(panel, now).offers === mode);

/** The distinct dates among the panels', in order, as the dialog names them. */
export function datesOf(isoDates: readonly (string | null)[]): string {
  const days = [...new Set(isoDates.flatMap((d) => (d ? [d] : [])))].sort().map(formatDate);
  return [...new Set(days)].join(' or ');
}

export const noMatchText = (query: string) => `No panels match “${query.trim()}”.`;

/**
 * What the role may do with a selection of panels: cancel and resume them, or export them with
 * their passwords. Revealing one password and reporting a problem are each row's own. The
 * list's buttons and its checkboxes both read this, so they cannot disagree.
 */
export function usePanelSelectionRights(): { manage: boolean; exportWithPasswords: boolean } {
  const can = usePermissions();
  return { manage: can('billing.manage'), exportWithPasswords: can('panels.credentials') };
}

/**
 * The checkboxes of the active panels, the same on the table and on the phone cards; none for
 * a role that could only select panels to find every action on them refused.
 */
export function useActivePanelBoxes(
  selection: PagedSelection<ActivePanel>,
): SelectionBoxes<ActivePanel> | null {
  const { manage, exportWithPasswords } = usePanelSelectionRights();
  if (!manage && !exportWithPasswords) return null;
  return pagedBoxes(selection, {
    all: 'Select all panels on this page',
    row: (panel) => `Select ${panel.email}`,
  });
}
