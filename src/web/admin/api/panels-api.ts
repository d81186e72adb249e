import { z } from 'zod';
import type { AdminPanelSort } from '../../../domain/admin-panel-sort';
import { PANEL_STATUSES, type PanelStatus } from '../../../domain/status';
import { api } from '../../lib/api';
import { revealInBatches } from '../../lib/api-clients/reveal-passwords';
import { withQuery } from './list-query';
import { ADMIN_QUERY_KEY, pageSchema } from './page-schema';

const panelSchema = z.object({
  id: z.number(),
  email: z.string(),
  status: z.enum(PANEL_STATUSES),
  /** Who bought it (sold, expired); null for stock. */
  owner: z.object({ id: z.string(), email: z.string() }).nullable(),
  orderId: z.number().nullable(),
  purchaseDate: z.string().nullable(),
  domains: z.number(),
  currentMailboxes: z.number(),
  maxMailboxes: z.number(),
  createdAt: z.string(),
});
export type AdminPanel = z.infer<typeof panelSchema>;

export interface PanelFilter {
  search?: string | undefined;
  status?: PanelStatus | undefined;
}

/** The server sorts (D11); the export keeps the inventory order, so only the list takes it. */
export const panelsQuery = (filter: PanelFilter & { page: number; sort?: AdminPanelSort | undefined }) => ({
  queryKey: [...ADMIN_QUERY_KEY, 'panels', filter],
  queryFn: () => api(withQuery('/api/admin/panels', { ...filter }), { schema: pageSchema(panelSchema) }),
});

export const panelsExportPath = (filter: PanelFilter) => withQuery('/api/admin/panels/export', { ...filter });

/** The server decrypts at most this many passwords per call. */
export const REVEAL_BATCH = 100;

/** Decrypts any panels' passwords (D7). */
export function revealPanelPasswords(
  ids: readonly number[],
  purpose: 'reveal' | 'export',
): Promise<Map<number, string>> {
  return revealInBatches('/api/admin/panels/reveal', REVEAL_BATCH, ids, purpose);
}

const filledOrdersSchema = z.array(
  z.object({ orderId: z.number(), assignedNow: z.number(), completed: z.boolean() }),
);
export type FilledOrders = z.infer<typeof filledOrdersSchema>;

const stockChangeSchema = z.object({ id: z.number(), filledOrders: filledOrdersSchema });
export type StockChange = z.infer<typeof stockChangeSchema>;

export interface NewPanel {
  email: string;
  password: string;
  domains: number;
  maxMailboxes: number;
}

export function addPanel(panel: NewPanel): Promise<StockChange> {
  return api('/api/admin/panels', { body: panel, schema: stockChangeSchema });
}

export function restockPanel(id: number, password: string): Promise<StockChange> {
  return api(`/api/admin/panels/${id}/restock`, { body: { password }, schema: stockChangeSchema });
}

export const importReportSchema = z.object({
  accepted: z.number(),
  rejected: z.array(z.object({ line: z.number(), email: z.string(), reason: z.string() })),
  filledOrders: filledOrdersSchema,
});
export type ImportReport = z.infer<typeof importReportSchema>;
