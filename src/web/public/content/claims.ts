// The marketing claims of docs/product.md §1, derived from the plan catalog wherever a number exists
// there, so a catalog change updates every page that repeats it.

import { DEFAULT_DOMAINS, USERS_PER_PANEL } from '../../../domain/constants';
import { groupDigits } from '../../../domain/format';
import { PLANS } from '../../../domain/plans';

const MAX_SEATS = Math.max(...PLANS.map((p) => p.maxSeats));
export const MAX_PANELS = Math.max(...PLANS.map((p) => p.adminPanels));
export const LOWEST_MAILBOX_RATE_CENTS = Math.min(...PLANS.map((p) => p.mailboxRateCents));
export const LOWEST_PRICE_CENTS = Math.min(...PLANS.map((p) => p.priceCents));
export const LOWEST_ADDON_CENTS = Math.min(...PLANS.map((p) => p.addonCostCents));
/** A service target from the product's marketing claims, not a contractual SLA. */
export const UPTIME_TARGET = '99.9%';

export const SEATS_PER_PANEL_TEXT = groupDigits(USERS_PER_PANEL);
export const DOMAINS_TEXT = `${DEFAULT_DOMAINS}+`;

export const HEADLINE_STATS = [
  { value: `${groupDigits(MAX_SEATS)}+`, label: 'mailbox seats' },
  { value: `Up to ${MAX_PANELS}`, label: 'admin panels' },
  { value: `${LOWEST_MAILBOX_RATE_CENTS}¢`, label: 'lowest price per mailbox' },
  { value: UPTIME_TARGET, label: 'uptime' },
] as const;
