import { describe, expect, it } from 'vitest';
import { API_KEY_SCOPES } from '../../domain/api-keys';
import { CANCEL_REASONS } from '../../domain/cancel-reasons';
import { ALERT_KINDS } from '../../domain/email-preferences';
import { PANEL_ADDITION_STATUSES } from '../../domain/panel-additions';
import { MANUAL_METHODS } from '../../domain/payment-details';
import { REPLACEMENT_REASONS } from '../../domain/replacements';
import {
  ACCOUNT_CREDIT_REASONS,
  ACCOUNT_CREDIT_STATUSES,
  ORDER_STATUSES,
  OUTBOX_KINDS,
  OUTBOX_STATUSES,
  PANEL_STATUSES,
  PAYMENT_EVENT_STATUSES,
  PAYMENT_METHODS,
  PAYMENT_STATUSES,
  REFUND_REQUEST_STATUSES,
  REPLACEMENT_REQUEST_STATUSES,
  SANDBOX_SESSION_STATUSES,
  SUBSCRIPTION_STATUSES,
} from '../../domain/status';
import { WEBHOOK_DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '../../domain/webhooks';
import { testDatabaseForSuite } from '../testing/test-database';

// Every closed set of words the database checks is one list in src/domain: the CHECK in the
// migrated database allows exactly that list, so a value added in code but not in a migration
// (or the other way round) fails here rather than on a customer's insert.
const LISTS: Record<string, readonly string[]> = {
  orders_status_check: ORDER_STATUSES,
  orders_subscription_status_check: SUBSCRIPTION_STATUSES,
  orders_cancel_reason_check: CANCEL_REASONS,
  payments_status_check: PAYMENT_STATUSES,
  payments_method_check: PAYMENT_METHODS,
  inventory_status_check: PANEL_STATUSES,
  inventory_retired_reason_check: REPLACEMENT_REASONS,
  sandbox_sessions_status_check: SANDBOX_SESSION_STATUSES,
  refund_requests_status_check: REFUND_REQUEST_STATUSES,
  replacement_requests_status_check: REPLACEMENT_REQUEST_STATUSES,
  replacement_requests_reason_check: REPLACEMENT_REASONS,
  outbox_messages_kind_check: OUTBOX_KINDS,
  outbox_messages_status_check: OUTBOX_STATUSES,
  operator_alerts_kind_check: ALERT_KINDS,
  operator_alert_optouts_kind_check: ALERT_KINDS,
  api_keys_scope_check: API_KEY_SCOPES,
  webhook_messages_status_check: WEBHOOK_DELIVERY_STATUSES,
  webhook_messages_event_type_check: [...WEBHOOK_EVENT_TYPES, 'webhook.test'],
  account_credits_status_check: ACCOUNT_CREDIT_STATUSES,
  account_credits_reason_check: ACCOUNT_CREDIT_REASONS,
  panel_additions_status_check: PANEL_ADDITION_STATUSES,
  panel_additions_method_check: MANUAL_METHODS,
  payment_event_intake_status_check: PAYMENT_EVENT_STATUSES,
};

/** The quoted words of a CHECK's definition, as PostgreSQL prints it back. */
function wordsOf(definition: string): string[] {
  return [...definition.matchAll(/'([^']*)'/g)].map((m) => m[1] ?? '').sort();
}

describe('the CHECK constraints on closed sets of words', () => {
  const database = testDatabaseForSuite();

  it('allow exactly the list in src/domain, and every such CHECK is listed here', async () => {
    const { rows } = await database.query<{ name: string; definition: string }>(
      `select conname as name, pg_get_constraintdef(oid) as definition
       from pg_constraint
       where contype = 'c' and conname ~ '_(status|kind|reason|method|scope|type)_check$'
       order by conname`,
    );
    expect(rows.map((r) => r.name).sort()).toEqual(Object.keys(LISTS).sort());
    for (const row of rows) {
      expect(wordsOf(row.definition), row.name).toEqual([...(LISTS[row.name] ?? [])].sort());
    }
  });
});
