import { z } from 'zod';
import { api } from '../../lib/api';
import { listMyOrders, type MyOrder } from '../../orders/orders-api';

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

export interface DashboardData {
  summary: DashboardSummary;
  panels: ActivePanel[];
  orders: MyOrder[];
}

/**
 * Figures, panels and orders in one load: they are shown together and refreshed together, so
 * a delivery never shows as "still processing" beside a panel that is already active.
 */
/** `background`: a refresh the page makes by itself, not activity for the idle timeout. */
export async function fetchDashboard(options: { background?: boolean } = {}): Promise<DashboardData> {
  const background = options.background === true;
  const [summary, panels, orders] = await Promise.all([
    api('/api/me/dashboard', { schema: summarySchema, background }),
    api('/api/me/panels', { schema: z.object({ panels: z.array(panelSchema) }), background }),
    listMyOrders({ background }),
  ]);
  return { summary, panels: panels.panels, orders };
}

export const DASHBOARD_QUERY_KEY = ['me', 'dashboard'] as const;

const revealSchema = z.object({ passwords: z.array(z.object({ id: z.number(), password: z.string() })) });

/** The server takes at most this many ids per call. */
const REVEAL_BATCH = 2000;

/** Decrypts the customer's own panel passwords; the server records each call in the audit log. */
export async function revealPasswords(
  ids: readonly number[],
  purpose: 'reveal' | 'export',
): Promise<Map<number, string>> {
  const revealed = new Map<number, string>();
  for (let start = 0; start < ids.length; start += REVEAL_BATCH) {
    const body = { ids: ids.slice(start, start + REVEAL_BATCH), purpose };
    const { passwords } = await api('/api/me/panels/reveal', { body, schema: revealSchema });
    for (const { id, password } of passwords) revealed.set(id, password);
  }
  return revealed;
}
