import type { FilterOption } from '../../ui/select-filter';

/**
 * The audit filter's choices: an exact action or a family the server matches by prefix
 * ('inventory' = added, imported, restocked). The audit log records sign-ins,
 * password reveals, exports and every admin action (D11).
 */
export const AUDIT_ACTION_OPTIONS: readonly FilterOption<string>[] = [
  { value: '', label: 'All actions' },
  { value: 'auth.sign_in', label: 'Sign-ins' },
  { value: 'auth.address_proven', label: 'Address confirmations' },
  { value: 'panels.revealed', label: 'Password reveals (admin)' },
  { value: 'panel.password_revealed', label: 'Password reveals (customer)' },
  { value: 'panels.exported', label: 'Panel exports' },
  { value: 'orders.exported', label: 'Order exports' },
  { value: 'inventory', label: 'Inventory changes' },
  { value: 'order', label: 'Order actions' },
  { value: 'refund', label: 'Refunds' },
  { value: 'replacement', label: 'Panel replacements' },
  { value: 'subscription', label: 'Subscriptions' },
  { value: 'dunning', label: 'Past-due renewals' },
  { value: 'user.role_changed', label: 'Role changes' },
  { value: 'account.deleted', label: 'Account deletions' },
  { value: 'sandbox_clock', label: 'Sandbox clock' },
  { value: 'email.retried', label: 'E-mail retries' },
];
