import type { AdminPanelSort } from '../../../domain/admin-panel-sort';
import { adminPanelsPageSchema, type StockChange, stockChangeSchema } from '../../../domain/api/admin/panels';
import type { PanelStatus } from '../../../domain/status';
import { api } from '../../lib/api';
import { revealInBatches } from '../../lib/api-clients/reveal-passwords';
import { withQuery } from './list-query';
import { ADMIN_QUERY_KEY } from './page-schema';

export type {
  AdminPanel,
  FilledOrders,
  ImportReport,
  StockChange,
} from '../../../domain/api/admin/panels';

export interface PanelFilter {
  search?: string | undefined;
  status?: PanelStatus | undefined;
}

/** The server sorts (D11); the export keeps the inventory order, so only the list takes it. */
export const panelsQuery = (filter: PanelFilter & { page: number; sort?: AdminPanelSort | undefined }) => ({
  queryKey: [...ADMIN_QUERY_KEY, 'panels', filter],
  queryFn: () => api(withQuery('/api/admin/panels', { ...filter }), { schema: adminPanelsPageSchema }),
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
