// The plan terms of docs/product.md §1, phrased once for the help, pricing and policy pages.

import { DELIVERY_HOURS, REFUND_WINDOW_DAYS } from '../../domain/constants';

export const SUPPORT_HOURS = 'Monday to Friday, 9:00 AM to 5:00 PM EST';
export const SUPPORT_RESPONSE = 'We respond within 24 business hours.';
/**
 * The replacement promise is not the support desk's: a report is answered on the 6-hour clock the
 * admins' Replacements tab runs from the report, whatever the day; support's own words stay as
 * docs/product.md §1 gives them. Said side by side wherever the 6 hours appear, so neither reads as the other.
 */
export const REPLACEMENT_ANSWER = `We answer a replacement request within ${DELIVERY_HOURS} hours of your report, any day of the week. This is not the support desk's promise: other questions are answered ${SUPPORT_HOURS}, within 24 business hours.`;
/** Shown on the legal pages; change it whenever their text changes. */
export const POLICIES_UPDATED = 'November 21, 2026';

export const TERM_BILLED_MONTHLY = 'Plans are billed monthly.';
export { TERM_SEPARATE_RENEWAL } from '../../domain/plan-texts';
export const TERM_CANCEL = 'You may cancel at any time and keep access until the end of the billing period.';
export const TERM_MONEY_BACK = `There is a ${REFUND_WINDOW_DAYS}-day money-back guarantee.`;
export const TERM_NO_PRORATA = 'There are no pro-rated refunds.';
export const TERM_NON_TRANSFERABLE = 'Panels are non-transferable.';
export const TERM_DELIVERY = `Panels are delivered within about ${DELIVERY_HOURS} hours of payment.`;
export const TERM_DOMAINS =
  'Domains are provided with the panels: they are not owned by you, and custom domain selection is not offered.';
