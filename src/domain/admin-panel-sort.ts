// The sort orders of the admin Admin Panels table (D11: sorting is done by the server). The
// server orders by them and the screen offers them, from this one list.

export const ADMIN_PANEL_SORTS = [
  'newest',
  'oldest',
  'email_asc',
  'email_desc',
  'status_asc',
  'status_desc',
  'purchase_date_desc',
  'purchase_date_asc',
] as const;
export type AdminPanelSort = (typeof ADMIN_PANEL_SORTS)[number];

export const DEFAULT_ADMIN_PANEL_SORT: AdminPanelSort = 'newest';

/** 'newest' and 'oldest' are the order panels were added to the inventory in (created). */
export const ADMIN_PANEL_SORT_LABELS: Record<AdminPanelSort, string> = {
  newest: 'Newest first',
  oldest: 'Oldest first',
  email_asc: 'Email A–Z',
  email_desc: 'Email Z–A',
  status_asc: 'Status A–Z',
  status_desc: 'Status Z–A',
  purchase_date_desc: 'Latest purchase',
  purchase_date_asc: 'Earliest purchase',
};
