import { describe, expect, it } from 'vitest';
import {
  emitsFor,
  LIFECYCLE_CAUSES,
  ORDER_INITIAL,
  ORDER_TERMINAL,
  ORDER_TRANSITIONS,
  orderTransitionAllowed,
  PANEL_BILLING_STATES,
  PANEL_INITIAL,
  PANEL_TERMINAL,
  PANEL_TRANSITIONS,
  panelTransitionAllowed,
  SUBSCRIPTION_INITIAL,
  SUBSCRIPTION_TERMINAL,
  SUBSCRIPTION_TRANSITIONS,
  subscriptionTransitionAllowed,
  TERMINAL_EXITS,
  type Transition,
} from './order-lifecycle';
import { ORDER_STATUSES, SUBSCRIPTION_STATUSES } from './status';
import { WEBHOOK_EVENT_TYPES } from './webhooks';

type Machine = Record<string, Transition<string>>;
const orderMachine: Machine = ORDER_TRANSITIONS;
const subscriptionMachine: Machine = SUBSCRIPTION_TRANSITIONS;
const panelMachine: Machine = PANEL_TRANSITIONS;

function reachable(machine: Machine, initial: string): Set<string> {
  const seen = new Set([initial]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const t of Object.values(machine)) {
      if (t.to !== null && !seen.has(t.to) && t.from.some((s) => seen.has(s))) {
        seen.add(t.to);
        grew = true;
      }
    }
  }
  return seen;
}

/** 'machine.name' of every move that takes a terminal status somewhere else. */
function terminalExits(prefix: string, machine: Machine, terminal: readonly string[]): string[] {
  return Object.entries(machine)
    .filter(([, t]) => t.to !== null && t.from.some((s) => terminal.includes(s) && s !== t.to))
    .map(([name]) => `${prefix}.${name}`);
}

describe('the order lifecycle table', () => {
  it('reaches every order status from pending payment', () => {
    expect([...reachable(orderMachine, ORDER_INITIAL)].sort()).toEqual([...ORDER_STATUSES].sort());
  });

  it('reaches every subscription status from inactive', () => {
    expect([...reachable(subscriptionMachine, SUBSCRIPTION_INITIAL)].sort()).toEqual(
      [...SUBSCRIPTION_STATUSES].sort(),
    );
  });

  it('names only known statuses, causes and webhook events', () => {
    const check = (machine: Machine, statuses: readonly string[]) => {
      for (const [name, t] of Object.entries(machine)) {
        expect(t.from.length, name).toBeGreaterThan(0);
        for (const s of t.from) expect(statuses, name).toContain(s);
        if (t.to !== null) expect(statuses, name).toContain(t.to);
        expect(t.by.length, name).toBeGreaterThan(0);
        for (const cause of t.by) expect(LIFECYCLE_CAUSES, name).toContain(cause);
        for (const emit of t.emits) {
          if (emit.kind === 'webhook') expect(WEBHOOK_EVENT_TYPES, name).toContain(emit.event);
          // An emit limited to a cause the move never has would never happen.
          for (const cause of emit.by ?? []) expect(t.by, `${name} ${JSON.stringify(emit)}`).toContain(cause);
        }
      }
    };
    check(orderMachine, ORDER_STATUSES);
    check(subscriptionMachine, SUBSCRIPTION_STATUSES);
    check(panelMachine, PANEL_BILLING_STATES);
  });

  it('leaves a terminal status only by the moves listed as allowed', () => {
    expect(
      [
        ...terminalExits('order', orderMachine, ORDER_TERMINAL),
        ...terminalExits('subscription', subscriptionMachine, SUBSCRIPTION_TERMINAL),
      ].sort(),
    ).toEqual([...TERMINAL_EXITS].sort());
  });

  it('reaches every panel billing state, and nothing leaves an ended panel', () => {
    expect([...reachable(panelMachine, PANEL_INITIAL)].sort()).toEqual([...PANEL_BILLING_STATES].sort());
    expect(terminalExits('panel', panelMachine, PANEL_TERMINAL)).toEqual([]);
    for (const t of Object.values(panelMachine)) expect(t.from).not.toContain('ended');
  });

  it('lets the customer cancel and resume a panel, and only a period end expire it', () => {
    expect(panelTransitionAllowed('schedule_cancel', 'renewing', 'customer')).toBe(true);
    expect(panelTransitionAllowed('schedule_cancel', 'canceling', 'customer')).toBe(false);
    expect(panelTransitionAllowed('resume', 'canceling', 'customer')).toBe(true);
    expect(panelTransitionAllowed('resume', 'ended', 'customer')).toBe(false);
    expect(panelTransitionAllowed('expire', 'canceling', 'customer')).toBe(false);
    expect(panelTransitionAllowed('expire', 'renewing', 'system')).toBe(false);
    expect(panelTransitionAllowed('expire', 'canceling', 'system')).toBe(true);
  });

  it('never moves a refunded order', () => {
    for (const t of Object.values(orderMachine)) expect(t.from).not.toContain('refunded');
  });

  it('names subscription moves that exist and start from the statuses the order move can meet', () => {
    for (const [name, t] of Object.entries(ORDER_TRANSITIONS)) {
      if (!('subscription' in t)) continue;
      expect(SUBSCRIPTION_TRANSITIONS, name).toHaveProperty(t.subscription);
    }
  });

  it('never pays an order the account deletion canceled', () => {
    expect(ORDER_TRANSITIONS.pay.refusedAfter).toContain('account_deleted');
  });

  it('answers who may do what', () => {
    expect(orderTransitionAllowed('cancel_unpaid', 'pending_payment', 'customer')).toBe(true);
    expect(orderTransitionAllowed('cancel_unpaid', 'paid', 'admin')).toBe(false);
    expect(orderTransitionAllowed('cancel_waiting', 'paid', 'admin')).toBe(false);
    expect(orderTransitionAllowed('complete', 'paid', 'system')).toBe(true);
    expect(subscriptionTransitionAllowed('renew', 'expired', 'provider')).toBe(false);
    expect(subscriptionTransitionAllowed('fall_past_due', 'active', 'system')).toBe(true);
    expect(subscriptionTransitionAllowed('schedule_cancel', 'active', 'admin')).toBe(false);
  });

  it('picks the emits of the cause', () => {
    expect(emitsFor(ORDER_TRANSITIONS.cancel_unpaid, 'admin').map((e) => e.kind)).toEqual([
      'webhook',
      'audit',
    ]);
    // The deleted account has no endpoint left to hear it.
    expect(emitsFor(ORDER_TRANSITIONS.cancel_unpaid, 'account_deletion')).toEqual([]);
  });
});
