// The admin console is one route, /admin (docs/product.md §2), with its views as tabs named in the
// query string (/admin?tab=refunds): the route list web and server share stays the documented one,
// and a tab can still be linked to, reloaded and reached with the back button.

export const ADMIN_TABS = [
  'overview',
  'fulfillment',
  'refunds',
  'replacements',
  'customers',
  'audit',
  'system',
] as const;
export type AdminTab = (typeof ADMIN_TABS)[number];

export const TAB_PARAM = 'tab';

export const TAB_LABELS: Record<AdminTab, string> = {
  overview: 'Overview',
  fulfillment: 'Fulfillment',
  refunds: 'Refunds',
  replacements: 'Replacements',
  customers: 'Customers',
  audit: 'Audit log',
  system: 'System',
};

/** The tab a query string names; anything unknown (or nothing) is the overview. */
export function tabFrom(value: string | null): AdminTab {
  return (ADMIN_TABS as readonly string[]).includes(value ?? '') ? (value as AdminTab) : 'overview';
}

/** The query string for a tab; the overview is plain /admin. */
export function tabSearch(tab: AdminTab): string {
  return tab === 'overview' ? '' : `?${TAB_PARAM}=${tab}`;
}
