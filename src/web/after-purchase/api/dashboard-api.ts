import type { DashboardSummary } from '../../../domain/api/billing';
import { billingApi } from '../../../domain/api/billing-endpoints';
import { myPanelsApi } from '../../../domain/api/endpoints';
import { fetchMyOrders, type MyOrder } from '../../lib/api/my-orders-api';
import { revealInBatches } from '../../lib/api/reveal-passwords-api';
import { call } from '../../lib/call';

export type { DashboardSummary, ProcessingOrder } from '../../../domain/api/billing';
export type { ActivePanel, PastPanel } from '../../../domain/api/panels';

// The dashboard's endpoints (owner-only on the server). Responses are checked against these
// schemas: the page never renders a shape it did not verify.

/** A page of panels as the server sends it, in the shape every paged list on screen takes. */
const asListPage = <P>({
  panels,
  ...facts
}: {
  panels: P[];
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
}) => ({
  items: panels,
  ...facts,
  totalIsEstimate: false,
});

export interface DashboardData {
  summary: DashboardSummary;
  /** The newest orders (the first page of /api/me/orders). */
  orders: MyOrder[];
}

/**
 * Figures and the newest orders in one load: they are shown together and refreshed together.
 * The panels are paged and searched on the server (a customer may hold hundreds), so each
 * list has its own query under MY_PANELS_QUERY_KEY, refreshed when the figures change.
 */
/** `background`: a refresh the page makes by itself, not activity for the idle timeout. */
export async function fetchDashboard(options: { background?: boolean } = {}): Promise<DashboardData> {
  const background = options.background === true;
  const [summary, orders] = await Promise.all([
    call(billingApi.dashboard, { background }),
    fetchMyOrders({ page: 1 }, { background }),
  ]);
  return { summary, orders: orders.items };
}

export const DASHBOARD_QUERY_KEY = ['me', 'dashboard'] as const;
export const MY_PANELS_QUERY_KEY = ['me', 'panels'] as const;

/** One page (10) of the customer's active panels, narrowed to e-mails containing `search`. */
export const activePanelsQuery = (filter: { search?: string | undefined; page: number }) => ({
  queryKey: [...MY_PANELS_QUERY_KEY, 'active', filter],
  queryFn: () =>
    call(myPanelsApi.current, { query: { search: filter.search, page: filter.page } }).then(asListPage),
  // Like the figures: every visit asks again (a delivery or an expiry since the last one).
  refetchOnMount: 'always' as const,
});

/** One page (10) of the customer's expired and refunded panels, most recently ended first. */
export const pastPanelsQuery = (filter: { page: number }) => ({
  queryKey: [...MY_PANELS_QUERY_KEY, 'past', filter],
  queryFn: () => call(myPanelsApi.past, { query: { page: filter.page } }).then(asListPage),
});

/** The server takes at most this many ids per call. */
const REVEAL_BATCH = 2000;

/** Decrypts the customer's own panel passwords. */
export function revealPasswords(
  ids: readonly number[],
  purpose: 'reveal' | 'export',
): Promise<Map<number, string>> {
  return revealInBatches(myPanelsApi.reveal, REVEAL_BATCH, ids, purpose);
}
