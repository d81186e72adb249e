// User-facing texts as docs/product.md §8 and the screens of §2 give them, word for word (D9).
// One home for them so server errors and web toasts cannot drift apart.
// Texts marked "ours" are not among the documented ones; they cover behaviour the decisions add.

import { PAYMENT_VERIFY_RETRIES, SESSION_TIMEOUT_MINUTES } from './constants';
import { plural } from './format';

// --- Authentication (sections 2, 4, 8) ---
/** Not shown: the situation cannot arise here (docs/decisions/0006-spec-texts.md). */
export const AUTH_NOT_CONFIGURED =
  'Authentication system is not properly configured. Please contact support.';
export const AUTH_ALREADY_REGISTERED = 'This email is already registered. Please log in instead.';
export const AUTH_INVALID_CREDENTIALS = 'Invalid email or password. Please try again.';
export const AUTH_EMAIL_NOT_CONFIRMED = 'Please confirm your email before logging in.';
export const AUTH_FAILED = 'Authentication failed';
export const LOGIN_FAILED = 'Login failed';
export const LOGIN_FAILED_FALLBACK = 'Please check your credentials';
export const OTP_SEND_FAILED = 'Failed to send code';
export const OTP_SEND_FAILED_FALLBACK = 'An error occurred';
export const REGISTER_FAILED_FALLBACK = 'An error occurred during registration';
export const REGISTER_SUCCESS = 'Account created successfully! You can now log in.';
/** Ours (D9): with verification on, the new account confirms its address first. */
export const REGISTER_SUCCESS_CONFIRM = 'Account created! Check your email to confirm your address.';
export const REGISTER_SUCCESS_CONFIRM_DESCRIPTION = 'Follow the link we sent you, then sign in.';
export const EMAIL_CONFIRMED = 'E-mail confirmed, you can sign in';
/** Ours: the address's first proof removed a password someone set before it (auth/address-proof.ts). */
export const EMAIL_CONFIRMED_PASSWORD_REMOVED =
  'E-mail confirmed. A password set before the confirmation was removed: sign in with a code (OTP), or set a new password.';
export const NO_PASSWORD_NOTICE =
  'Your e-mail address is confirmed. You can set a password now; until then, sign in with a code.';
export const SET_PASSWORD_LINK_SENT = 'Check your email for a link to set your password.';
export const EMAIL_CONFIRM_LINK_INVALID =
  'This confirmation link is invalid or has expired. Sign in to get a new one.';
export const EMAIL_REQUIRED = 'Email required';
export const EMAIL_REQUIRED_DESCRIPTION = 'Please enter your email address';
export const SIGNED_IN = 'Signed in successfully';
// The auth-event toasts (docs/product.md §4) and the action toasts (§2, §8) are both kept, each for its own
// moment (docs/decisions/0006-spec-texts.md): the Logout button says LOGGED_OUT; a tab that
// learns the account was signed out in another tab says SIGNED_OUT. Update Profile says
// PROFILE_UPDATED; a change to the account's sign-in details (the password) says USER_PROFILE_UPDATED.
export const SIGNED_OUT = 'Signed out successfully';
/** Ours: why this tab was signed out. */
export const SIGNED_OUT_ELSEWHERE_DESCRIPTION = 'You were signed out in another tab.';
/** Ours: the login page a tab lands on when the idle timeout (Session Timeout, D9) ended its session. */
export const SIGNED_OUT_IDLE = `You were signed out after ${SESSION_TIMEOUT_MINUTES} minutes without activity`;
export const USER_PROFILE_UPDATED = 'User profile updated';
/** Ours: what changed, and what it did to the other sessions (D9). */
export const PASSWORD_CHANGED_DESCRIPTION =
  'Your password has been changed. You have been signed out on your other devices.';
export const LOGGED_OUT = 'Logged out successfully';
export const LOGGED_OUT_DESCRIPTION = 'You have been logged out of your account.';
/** Ours (D9): the OTP tab sends a real code. */
export const OTP_SENT = 'Verification code sent';
export const OTP_SENT_DESCRIPTION = 'Check your email for a 6-digit code.';

export function demoHint(adminEmail: string, userEmail: string): string {
  return `Demo credentials: ${adminEmail} (admin) or ${userEmail} (user)`;
}

// --- Busy button labels (docs/product.md §2) ---
export const SIGNING_IN = 'Signing in...';
export const SENDING_CODE = 'Sending code...';
export const CREATING_ACCOUNT = 'Creating account...';
export const PROCESSING = 'Processing...';
export const UPDATING = 'Updating...';
export const LOADING = 'Loading...';

// --- Ordering and checkout (sections 5, 8) ---
export const AUTH_REQUIRED = 'Authentication required';
export const AUTH_REQUIRED_DESCRIPTION = 'Please log in to place an order.';
export const AUTH_REQUIRED_ACTION = 'Login';
export const PLAN_REQUIRED = 'Please select a plan';
export const PLAN_REQUIRED_DESCRIPTION = 'You need to select a subscription plan.';
// Checkout failures (docs/product.md §8): the server's error answer, an answer without a usable url,
// and no answer at all. The order screen shows them under its own toasts (use-checkout.ts).
export const CHECKOUT_SESSION_FAILED = 'Failed to create checkout session';
export const CHECKOUT_INVALID_RESPONSE = 'Invalid response from payment provider';
export const CHECKOUT_CONNECTION_ERROR = 'Error connecting to payment provider';
export const CHECKOUT_URL_MISSING = 'Unable to generate checkout URL. Please try again or contact support.';
export const CHECKOUT_START_FAILED = 'Unable to start checkout process';
export const ORDER_FAILED = 'Order failed';

// --- Requests that fail before the server could say why (ours) ---
export const CONNECTION_FAILED = 'Could not reach the server. Check your connection and try again.';
export const RESPONSE_UNREADABLE = 'The server sent an answer this page could not read. Please try again.';

// --- Loading failures (docs/product.md §8) ---
export const INVENTORY_FETCH_FAILED = 'Failed to fetch available inventory';
export const DASHBOARD_LOAD_FAILED = 'Failed to load dashboard data';
export const PAYMENT_HISTORY_LOAD_FAILED = 'Failed to load payment history';
export const PAYMENT_HISTORY_LOAD_FAILED_DESCRIPTION = 'Please try again later';
export const ORDERS_LOAD_FAILED = 'Failed to load your orders';

// --- Exports (sections 5, 8) ---
export const NO_PANELS_SELECTED = 'No panels selected';
export const NO_PANELS_SELECTED_DESCRIPTION = 'Please select at least one admin panel to export.';
export const NO_ORDERS_SELECTED = 'No orders selected';
export const NO_ORDERS_SELECTED_DESCRIPTION = 'Please select at least one order to export.';
export const CSV_NO_DATA = 'No data provided for CSV export';
export const EXPORT_FAILED = 'Export Failed';
export const EXPORT_FAILED_DESCRIPTION = 'There was an error exporting your data. Please try again.';
export const EXPORT_SUCCESS = 'Export Successful';

/** The documented 'N admin panels exported to CSV.' / 'N orders exported to CSV.', singular for one. */
export function exportSuccessDescription(count: number, kind: 'panels' | 'orders'): string {
  return `${kind === 'panels' ? plural(count, 'admin panel') : plural(count, 'order')} exported to CSV.`;
}

/** Ours: the purchase history export; docs/product.md §8 gives texts for panel and order exports only. */
export const NO_INVOICES_SELECTED = 'No invoices selected';
export const NO_INVOICES_SELECTED_DESCRIPTION = 'Please select at least one invoice to export.';
export function invoicesExportedDescription(count: number): string {
  return `${plural(count, 'invoice')} exported to CSV.`;
}

// --- Profile and settings (docs/product.md §8) ---
export const PROFILE_UPDATED = 'Profile updated successfully';
export const PROFILE_UPDATE_FAILED = 'Failed to update profile';
export const NOTIFICATIONS_SAVED = 'Notification preferences saved';
export const TWO_FACTOR_ENABLED = 'Two-factor authentication enabled';
export const TWO_FACTOR_DISABLED = 'Two-factor authentication disabled';
/** Ours: the billing profile on /billing (docs/decisions/0013-invoices-and-tax.md). */
export const BILLING_PROFILE_SAVED = 'Billing details saved';
export const BILLING_PROFILE_SAVED_DESCRIPTION =
  'New invoices use them; invoices already issued stay as they are.';
export const BILLING_PROFILE_SAVE_FAILED = 'Failed to save billing details';
export const BILLING_PROFILE_LOAD_FAILED = 'Could not load your billing details';

// --- Payment return flow (sections 2, 4, 8) ---
export const PAYMENT_PROCESSING_TITLE = 'Payment Processing';
export const PAYMENT_VERIFYING = 'Verifying Payment';
export const PAYMENT_ACTIVE_TITLE = 'Subscription Active';
export const PAYMENT_PENDING_TITLE = 'Payment Being Processed';
/** Below it: true whether the payment went through or the customer left before paying. */
export const PAYMENT_PENDING_TEXT =
  'If you completed the payment, your admin panels will appear on your dashboard as soon as it is confirmed. If you did not, no payment was taken and you can order again at any time.';
export const PAYMENT_SUCCESS_TOAST = 'Payment successful! Your admin panels are being provisioned.';
export const PAYMENT_VERIFY_ERROR_INFO =
  'Your payment is being verified. Please check your dashboard in a few minutes.';
export const PAYMENT_VERIFY_EXHAUSTED_INFO =
  'Your payment is being verified by our system. Your admin panels will appear on your dashboard shortly.';
export const GO_TO_DASHBOARD = 'Go to Dashboard';
export const PAYMENT_CANCELED_TITLE = 'Payment Not Completed';
export const PAYMENT_CANCELED_TEXT =
  "Your payment was canceled and you have not been charged. You can retry the purchase whenever you're ready.";

export function stillChecking(attempt: number): string {
  return `Still checking... (${attempt}/${PAYMENT_VERIFY_RETRIES})`;
}

export function orderIdLabel(id: string): string {
  return `Order ID: ${id}`;
}

// --- Dashboard and billing (docs/product.md §2) ---
export const PANEL_EMAIL_PENDING = 'Updating soon...';
export const PANEL_PASSWORD_PENDING = 'Available after processing';
export const PROCESSING_NOTE = 'Processing typically takes up to 6 hours to complete';
export const ACTIVE_PANELS_NOTE = 'Each panel supports up to 2,000+ mailboxes';
export const NO_PANELS_YET = "You don't have any admin panels yet.";
export const NO_PANELS_YET_DESCRIPTION = 'Admin panels provide access to create up to 2,000 mailboxes.';
export const NO_ORDERS_YET = "You haven't placed any orders yet.";
export const NO_PURCHASES_YET = 'No purchases yet';
export const NO_PURCHASE_HISTORY = 'No purchase history available';

// --- Not found (docs/product.md §2) ---
export { NOT_FOUND_LINK, NOT_FOUND_TITLE } from './not-found-texts';
// --- Plans and pricing (docs/product.md §2) ---
export {
  ADDON_CAPACITY_NOTE,
  BILLED_MONTHLY,
  MOST_POPULAR,
  mailboxRateText,
  mailboxSeatsText,
  PRICING_NOTE,
} from './plan-texts';
