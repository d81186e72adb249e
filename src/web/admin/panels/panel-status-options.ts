import {
  ADMIN_PANEL_SORT_LABELS,
  ADMIN_PANEL_SORTS,
  type AdminPanelSort,
} from '../../../domain/admin-panel-sort';
import { PANEL_STATUSES, type PanelStatus } from '../../../domain/status';
import type { FilterOption, SelectOption } from '../../ui/select-filter';

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

/** The sorts the server offers, in the order the menu lists them. */
export const PANEL_SORT_OPTIONS: readonly SelectOption<AdminPanelSort>[] = ADMIN_PANEL_SORTS.map((sort) => ({
  value: sort,
  label: ADMIN_PANEL_SORT_LABELS[sort],
}));
