// The plan texts of docs/product.md §2, word for word. Kept apart from messages.ts (which re-exports
// them) because the landing page ships in the first download: importing messages.ts there
// would put every other text of the app into that download too.

import { groupDigits } from './format';

export const MOST_POPULAR = 'Most Popular';
export const BILLED_MONTHLY = 'Billed monthly';
export const PRICING_NOTE =
  'Flexible options for organizations of all sizes with transparent pricing. No hidden fees or per-user costs.';
export const ADDON_CAPACITY_NOTE = 'Each add-on panel increases capacity by 2,000 mailbox seats';
/**
 * docs/product.md §1's plan term, word for word, now that each panel renews or ends on its own
 * (D8, docs/decisions/0017-per-panel-billing.md). Here, not in the web app's terms.ts (which
 * re-exports it), because the landing page's feature grid says it too.
 */
export const TERM_SEPARATE_RENEWAL = 'Each panel is billed separately with its own renewal date.';

export function mailboxRateText(cents: number): string {
  return `As low as ${cents} cents per mailbox`;
}

/** 'Up to 10,000 mailbox seats'; plans without a quantity cap read 'More than 50,000 mailbox seats'. */
export function mailboxSeatsText(maxSeats: number, unlimited: boolean): string {
  return `${unlimited ? 'More than' : 'Up to'} ${groupDigits(maxSeats)} mailbox seats`;
}
