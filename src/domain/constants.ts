// Business constants from docs/product.md §9 (and D4/D8/D13). Kept in one place so
// web and server can never disagree about a limit or a label.

/** Mailboxes one admin panel can hold. */
export const USERS_PER_PANEL = 2000;
/** Domains attached to a panel unless inventory says otherwise. */
export const DEFAULT_DOMAINS = 699;
/** Extra mailbox seats each add-on panel brings. */
export const MAILBOX_SEATS_PER_ADDON = 2000;
/** Delivery promise after payment. */
export const DELIVERY_HOURS = 6;
/** Money-back guarantee window. */
export const REFUND_WINDOW_DAYS = 14;
/** Idle time after which a session ends (when the user keeps the setting on). */
export const SESSION_TIMEOUT_MINUTES = 30;
/**
 * Requests the web app makes by itself (a page refreshing its figures) carry this header set
 * to 1: the server checks them against the idle timeout but does not count them as activity,
 * so a tab left open still times out.
 */
export const BACKGROUND_REQUEST_HEADER = 'x-background-request';
export const MIN_PASSWORD_LENGTH = 8;

export const ADMIN_ORDERS_PAGE_SIZE = 5;
export const ADMIN_PANELS_PAGE_SIZE = 10;
/** The customer's own lists page like the admin's panels (D11): /dashboard panels, /orders. */
export const CUSTOMER_PANELS_PAGE_SIZE = 10;
export const CUSTOMER_ORDERS_PAGE_SIZE = 10;
/** How many page numbers the pager shows at once. */
export const PAGER_WINDOW = 5;

export const PAYMENT_VERIFY_RETRIES = 3;
export const PAYMENT_VERIFY_INTERVAL_MS = 3000;
export const PAYMENT_SUCCESS_REDIRECT_MS = 3000;

/** Days a past-due subscription keeps its panels before expiry (D8). */
export const RENEWAL_GRACE_DAYS = 3;

/** The order page cannot list "unlimited" options, so it stops here (D4). */
export const ADDON_SELECT_MAX_UNLIMITED = 30;
/** Hard ceiling on add-ons accepted by the API, even for unlimited plans (D4). */
export const ADDON_API_MAX = 1000;

/** How many days back the public delivery record reaches (/status and the dashboard). */
export const DELIVERY_RECORD_DAYS = 30;

/**
 * Members of each workspace the admin's customer dialog names, the owner first and then by
 * joining; it counts the rest. Enough to tell whose team it is at a glance, and a customer in
 * hundreds of workspaces of thousands of members each still loads in one small answer.
 */
export const ADMIN_WORKSPACE_MEMBERS_SHOWN = 20;
