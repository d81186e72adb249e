import { z } from 'zod';

/**
 * Every `code` an /api error body can carry, and nothing else: the server answers only these,
 * the endpoint declarations and the OpenAPI document list them, and the web compares against
 * them. A client may branch on a code, so renaming or removing one breaks it.
 */
export const ERROR_CODES = [
  // The request itself, refused before or around any route.
  'bad_request',
  'bad_url',
  'validation_error',
  'invalid_json',
  'unauthorized',
  'forbidden',
  /** A state-changing request a browser sent from another site. */
  'forbidden_origin',
  'not_found',
  'method_not_allowed',
  'request_timeout',
  'payload_too_large',
  'uri_too_long',
  'unsupported_media_type',
  'headers_too_large',
  'rate_limited',
  'internal_error',
  'database_unavailable',
  /** The contact message could not be queued for sending. */
  'mail_unavailable',

  // Sign-up, sign-in and the second factor (the auth library's refusals, in our names).
  /** A refusal of the auth library that none of the codes below names. */
  'auth_error',
  'user_already_exists',
  'invalid_email_or_password',
  'email_not_verified',
  /** The current password typed to confirm a change is not the account's. */
  'invalid_password',
  'password_too_short',
  'password_too_long',
  /** The e-mailed sign-in code is wrong. */
  'invalid_otp',
  'otp_expired',
  /** The e-mailed sign-in code was tried too often; a new one is needed. */
  'too_many_attempts',
  /** The authenticator app's code is wrong. */
  'invalid_code',
  'invalid_backup_code',
  /** No pending two-factor sign-in: its challenge cookie is missing or expired. */
  'invalid_two_factor_cookie',
  'totp_not_enabled',
  'totp_already_enabled',
  /** Too many wrong second-factor codes in a row, across sign-ins. */
  'account_temporarily_locked',
  /** An e-mailed reset or confirmation link's token is unknown or expired. */
  'invalid_token',

  // The account.
  /** The e-mail typed to confirm deleting the account is not the account's. */
  'confirmation_mismatch',
  'last_admin',
  'too_many_api_keys',
  /** An e-mail preference link that we did not sign, or that names nothing. */
  'invalid_link',

  // Orders and checkout.
  'method_unavailable',
  'checkout_in_progress',
  /** The payment provider did not open a checkout. */
  'checkout_failed',
  'not_awaiting_card_payment',
  'checkout_already_paid',
  'checkout_closed',
  'provider_unavailable',
  /** The order is paid by card, not by bank transfer or crypto. */
  'not_manual',
  /** The customer deleted their account; the order can no longer move. */
  'account_deleted',
  'order_paid',
  'order_refunded',
  /** Panels added to a subscription would pass its plan's limit of panels. */
  'panel_limit_reached',
  /** The stock cannot cover the panels asked for now. */
  'not_enough_stock',
  /** The subscription's payment provider cannot take panels added to its period. */
  'add_panels_unavailable',
  /** The price shown for added panels is not the price now (a day passed, panels changed). */
  'quote_changed',
  /** A bank transfer or crypto addition of the order still waits for its payment. */
  'addition_pending',
  /** An addition lapsed unpaid, or the period it was priced for ended or was renewed. */
  'addition_expired',

  // Subscriptions and refunds.
  'subscription_inactive',
  'subscription_ended',
  /** 'Pay now' on a subscription whose renewal is not past due (paid meanwhile, or ended). */
  'not_past_due',
  /** The order's provider has no customer portal. */
  'no_portal',
  'not_refundable',
  'refund_window_closed',
  'refund_already_requested',
  /** The refund request was already approved or denied. */
  'refund_decided',
  'refund_in_progress',
  /** The payment provider refused the refund or did not answer. */
  'refund_failed',
  /** The billing period changed since the page was loaded. */
  'period_changed',

  // Panels and replacements.
  /** A panel named has ended, or a renewal paid without it already fixed its end. */
  'panel_ended',
  /** A panel with this e-mail is already in stock. */
  'duplicate_email',
  'invalid_csv',
  'file_too_large',
  /** Only a retired panel is restocked. */
  'not_retired',
  'panel_not_active',
  /** A replacement of the panel was rejected moments ago. */
  'replacement_reported_recently',
  'replacement_already_open',
  'replacement_limit_reached',
  'replacement_decided',
  'search_too_short',

  // Webhooks the customer receives.
  /** The URL does not reach a public address. */
  'webhook_url_refused',
  'too_many_webhook_endpoints',
  /** The endpoint was turned off after days of failures. */
  'webhook_endpoint_disabled',
  'webhook_already_queued',

  // The console's System view.
  /** 'Retry now' on an e-mail that is not given up (sent, or queued again meanwhile). */
  'email_not_given_up',
  /** 'Retry now' on a message past its use (a sign-in code): never sent late. */
  'email_expired',

  // The public API (/api/v1).
  /** The cursor is not a next_cursor the list gave out. */
  'invalid_cursor',
  /** The Idempotency-Key came with another body. */
  'idempotency_key_reused',
  'idempotency_in_progress',

  // Payment providers' callbacks.
  'invalid_signature',
  'invalid_event',
  /** The provider's webhook secret is not set on this server. */
  'not_configured',
  /** The event could not be recorded now (the database did not take it): the provider delivers it again. */
  'not_recorded',
  // Workspaces (docs/decisions/0023-workspaces.md).
  'too_many_workspaces',
  'too_many_invitations',
  'last_owner',
  'personal_workspace',
  'workspace_in_use',
  'owner_role',
  'already_member',
  'invitation_closed',
  'invitation_wrong_address',
  /** Deleting an account that owns a workspace other people belong to. */
  'owns_shared_workspace',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

// Pure, so a bundle that only reads the list (src/web/lib/api.ts, on every public page) leaves zod out.
export const errorCodeSchema = /* @__PURE__ */ z.enum(ERROR_CODES);

const LISTED: ReadonlySet<string> = new Set(ERROR_CODES);

export const isErrorCode = (value: unknown): value is ErrorCode =>
  typeof value === 'string' && LISTED.has(value);
