// Why an order that was never paid ended as canceled (D5), stored with the order so the
// customer and the admin read the same cause. docs/decisions/d05-order-and-payment-lifecycle.md.

export const CANCEL_REASONS = [
  /** A card checkout left open past the provider session's lifetime. */
  'checkout_expired',
  /** A bank transfer or crypto order whose payment did not arrive within the payment window. */
  'payment_not_received',
  /** The customer canceled it (the instructions page, or Cancel at the provider's checkout). */
  'canceled_by_customer',
  /** The customer deleted their account before paying. */
  'account_deleted',
  /** An admin canceled it from the console. */
  'admin',
  /** The payment provider refused to open the checkout. */
  'checkout_failed',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

const CUSTOMER_TEXT: Record<CancelReason, string> = {
  checkout_expired: 'The checkout expired before it was paid.',
  payment_not_received: 'We did not receive the payment in time.',
  canceled_by_customer: 'You canceled it.',
  account_deleted: 'The account was deleted.',
  admin: 'Canceled by our team.',
  checkout_failed: 'The payment provider could not open the checkout.',
};

/** The reason in the customer's words ('You canceled it.'). */
export function cancelReasonText(reason: CancelReason): string {
  return CUSTOMER_TEXT[reason];
}

const ADMIN_LABEL: Record<CancelReason, string> = {
  checkout_expired: 'Checkout expired',
  payment_not_received: 'Payment not received',
  canceled_by_customer: 'Canceled by the customer',
  account_deleted: 'Account deleted',
  admin: 'Canceled by an admin',
  checkout_failed: 'Checkout could not be opened',
};

/** The reason as an operator reads it ('Payment not received'). */
export function cancelReasonLabel(reason: CancelReason): string {
  return ADMIN_LABEL[reason];
}
