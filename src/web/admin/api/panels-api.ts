import type { AdminPanelSort } from '../../../domain/admin-panel-sort';
import { adminPanelsApi } from '../../../domain/api/admin/endpoints';
import type { StockChange } from '../../../domain/api/admin/panels';
import type { PanelStatus } from '../../../domain/status';
import { revealInBatches } from '../../lib/api/reveal-passwords-api';
import { call } from '../../lib/call';
import { pathOf } from '../../lib/endpoint-path';
import { ADMIN_QUERY_KEY } from '../shared/admin-query-key';

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
  queryFn: () => call(adminPanelsApi.page, { query: filter }),
});

export const panelsExportPath = (filter: PanelFilter) =>
  pathOf(adminPanelsApi.export, { query: { search: filter.search, status: filter.status } });

/** The server decrypts at most this many passwords per call. */
export const REVEAL_BATCH = 100;

/** Decrypts any panels' passwords (D7). */
export function revealPanelPasswords(
  ids: readonly number[],
  purpose: 'reveal' | 'export',
): Promise<Map<number, string>> {
  return revealInBatches(adminPanelsApi.reveal, REVEAL_BATCH, ids, purpose);
}

export interface NewPanel {
  email: string;
  password: string;
  domains: number;
  maxMailboxes: number;
}

export function addPanel(panel: NewPanel): Promise<StockChange> {
  return call(adminPanelsApi.add, { body: panel });
}

export function restockPanel(id: number, password: string): Promise<StockChange> {
  return call(adminPanelsApi.restock, { params: { id }, body: { password } });
}
