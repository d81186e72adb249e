import { conflict } from '../http/errors';

/**
 * An admin action that would take money or give stock for an order whose customer deleted
 * their account: nobody would receive what is sold, so it is refused and nothing changes.
 */
export const accountDeletedConflict = () =>
  conflict(
    'The customer deleted their account, so this order can no longer be paid, renewed or filled. Money that arrived for it goes back by hand.',
    'account_deleted',
  );
