import { PANEL_STATUSES, type PanelStatus } from '../../../domain/status';
import type { FilterOption } from '../shared/select-filter';

const LABELS: Record<PanelStatus, string> = {
  available: 'Available',
  sold: 'Sold',
  expired: 'Expired',
  retired: 'Retired',
};

/** The real inventory statuses (D11), not the customer's active/processing. */
export const PANEL_STATUS_OPTIONS: readonly FilterOption<PanelStatus>[] = [
  { value: '', label: 'All statuses' },
  ...PANEL_STATUSES.map((status) => ({ value: status, label: LABELS[status] })),
];
