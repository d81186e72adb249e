import type { orders } from '../db/schema';

export type OrderRow = typeof orders.$inferSelect;

/**
 * A move the table refused, with the row as it was so the caller can give its own answer
 * (most answer 409): `wrong_state` when the status (or who asked) is not one the move starts
 * from, `account_deleted` when the order belongs to a deleted account, `precondition` when
 * the caller's own condition on the row did not hold.
 */
export type Refusal =
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'wrong_state' | 'account_deleted' | 'precondition'; order: OrderRow };

/** A move made: the row as it was before it. */
export type Moved = { ok: true; before: OrderRow };

export type MoveResult = Moved | Refusal;

/** Who set the move off, as the audit log records a person: absent for the system. */
export interface MoveActor {
  id: string;
  email: string;
  ip: string | null;
}
