import { z } from 'zod';
import { api } from '../../lib/api';
import { fetchMyOrders, type MyOrder } from '../../lib/api-clients/my-orders-api';
import { revealInBatches } from '../../lib/api-clients/reveal-passwords';

// The dashboard's endpoints (owner-only on the server). Responses are checked against these
// schemas: the page never renders a shape it did not verify.

const summarySchema = z.object({
  stats: z.object({
    activePanels: z.number(),
    completedOrders: z.number(),
    processingOrders: z.number(),
    totalPurchases: z.number(),
  }),
  processing: z.array(
    z.object({ orderId: z.number(), orderDate: z.string(), missing: z.number(), deadline: z.string() }),
  ),
  /** Expired and refunded panels, listed apart (their rows come from pastPanelsQuery). */
  pastPanels: z.number(),
});
export type DashboardSummary = z.infer<typeof summarySchema>;
export type ProcessingOrder = DashboardSummary['processing'][number];

const panelSchema = z.object({
  id: z.number(),
  orderId: z.number().nullable(),
  email: z.string(),
  purchaseDate: z.string().nullable(),
  status: z.enum(['active', 'processing']),
  domains: z.number(),
  currentMailboxes: z.number(),
  maxMailboxes: z.number(),
});
export type ActivePanel = z.infer<typeof panelSchema>;

const pastPanelSchema = z.object({
  id: z.number(),
  orderId: z.number().nullable(),
  email: z.string(),
  purchaseDate: z.string().nullable(),
  status: z.enum(['expired', 'refunded']),
  /** The refund's date, or the end of the paid period: never in the future. */
  endedAt: z.string(),
});
export type PastPanel = z.infer<typeof pastPanelSchema>;

/** A page of panels as the server sends it, in the shape every paged list on screen takes. */
function panelPageSchema<T extends z.ZodType>(panel: T) {
  return z
    .object({
      panels: z.array(panel),
      page: z.number(),
      pageSize: z.number(),
      total: z.number(),
      pageCount: z.number(),
    })
    .transform(({ panels, ...facts }) => ({ items: panels, ...facts, totalIsEstimate: false }));
}

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
    api('/api/me/dashboard', { schema: summarySchema, background }),
    fetchMyOrders({ page: 1 }, { background }),
  ]);
  return { summary, orders: orders.items };
}

export const DASHBOARD_QUERY_KEY = ['me', 'dashboard'] as const;
export const MY_PANELS_QUERY_KEY = ['me', 'panels'] as const;

const pagePath = (path: string, params: Record<string, string | number | undefined>) => {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '' && !(key === 'page' && value === 1))
      query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `${path}?${text}` : path;
};

/** One page (10) of the customer's active panels, narrowed to e-mails containing `search`. */
export const activePanelsQuery = (filter: { search?: string | undefined; page: number }) => ({
  queryKey: [...MY_PANELS_QUERY_KEY, 'active', filter],
  queryFn: () =>
    api(pagePath('/api/me/panels', { search: filter.search, page: filter.page }), {
      schema: panelPageSchema(panelSchema),
    }),
  // Like the figures: every visit asks again (a delivery or an expiry since the last one).
  refetchOnMount: 'always' as const,
});

/** One page (10) of the customer's expired and refunded panels, most recently ended first. */
export const pastPanelsQuery = (filter: { page: number }) => ({
  queryKey: [...MY_PANELS_QUERY_KEY, 'past', filter],
  queryFn: () =>
    api(pagePath('/api/me/panels/past', { page: filter.page }), { schema: panelPageSchema(pastPanelSchema) }),
});

/** The server takes at most this many ids per call. */
const REVEAL_BATCH = 2000;

/** Decrypts the customer's own panel passwords. */
export function revealPasswords(
  ids: readonly number[],
  purpose: 'reveal' | 'export',
): Promise<Map<number, string>> {
  return revealInBatches('/api/me/panels/reveal', REVEAL_BATCH, ids, purpose);
}
