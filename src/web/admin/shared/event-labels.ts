// Audit actions and order history events in words an operator reads at a glance. An action
// this list does not know yet is still shown, as its own name made readable.

const LABELS: Record<string, string> = {
  'order.created': 'Order placed',
  'order.paid': 'Payment confirmed',
  'order.completed': 'All panels delivered',
  'order.canceled': 'Order canceled',
  'order.refunded': 'Order refunded',
  'order.marked_paid': 'Marked as paid',
  'order.renewal_recorded': 'Renewal payment recorded',
  'order.panels_added': 'Panels added to a subscription',
  'order.panels_requested': 'Panels asked for (invoiced, awaiting payment)',
  'orders.exported': 'Orders exported',
  'refund.requested': 'Refund requested',
  'refund.approved': 'Refund approved',
  'refund.denied': 'Refund denied',
  'replacement.requested': 'Panel replacement requested',
  'replacement.approved': 'Panel replacement approved',
  'replacement.replaced': 'Panel replaced',
  'replacement.auto_filled': 'Panel replaced from new stock',
  'replacement.rejected': 'Panel replacement rejected',
  'replacement.closed': 'Panel replacement closed (order ended)',
  'credit.granted': 'Late-delivery credit granted',
  'credit.applied': 'Late-delivery credit spent on a renewal',
  'credit.lapsed': 'Late-delivery credit lapsed (subscription ended)',
  'subscription.canceled': 'Subscription canceled',
  'subscription.resumed': 'Subscription resumed',
  'dunning.renewal_declined': 'Renewal declined (past due)',
  'dunning.retry_declined': 'Renewal retry declined',
  'dunning.retry_charged': 'Renewal retry charged',
  'dunning.reminder_sent': 'Renewal reminder sent',
  'dunning.expired': 'Expired after the grace period',
  'dunning.paid_now': 'Past-due renewal paid by the customer',
  'dunning.pay_now_declined': 'Past-due renewal declined (Pay now)',
  'auth.sign_in': 'Signed in',
  'auth.address_proven': 'E-mail address confirmed (keys set before it removed)',
  'panels.revealed': 'Panel passwords shown (admin)',
  'panel.password_revealed': 'Panel password shown (customer)',
  'panels.exported': 'Panels exported',
  'inventory.added': 'Panel added',
  'inventory.imported': 'Panels imported',
  'inventory.restocked': 'Panel restocked',
  'user.role_changed': 'Role changed',
  'account.deleted': 'Account deleted',
  'admin.created': 'Admin created',
  'sandbox_clock.advanced': 'Sandbox clock advanced',
  'email.retried': 'Given-up e-mail queued again',
};

export function eventLabel(action: string): string {
  const known = LABELS[action];
  if (known) return known;
  const words = action.replace(/[._]+/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
