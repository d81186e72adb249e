import { refusal, stateConflict } from './endpoint-errors';

// The refusals of buying and of changing what a subscription renews, declared once because the
// customer's pages and the public API (/api/v1) answer them alike.

/** Opening a new order's checkout. */
export const CHECKOUT_ERRORS = [
  refusal(400, 'method_unavailable', 'the payment method is not offered'),
  stateConflict('checkout_in_progress', 'the same checkout is still being prepared'),
  refusal(502, 'checkout_failed', 'the payment provider did not open a checkout'),
];

/** Why panels cannot join an order's period, whether quoted or bought. */
export const ADD_PANELS_ERRORS = [
  stateConflict('subscription_inactive', 'the subscription is not active, or ends with this period'),
  stateConflict('panel_limit_reached', 'the panels would pass the plan’s limit for one subscription'),
  stateConflict('add_panels_unavailable', 'the subscription’s payment provider cannot take added panels'),
];

export const ADDITION_PENDING = stateConflict(
  'addition_pending',
  'a bank transfer or crypto addition of the order still waits for its payment',
);

export const PANEL_ENDED = stateConflict(
  'panel_ended',
  'a panel named has ended, or a renewal already paid without it fixed its end',
);
