import {
  DEFAULT_DOMAINS,
  DELIVERY_HOURS,
  MAILBOX_SEATS_PER_ADDON,
  REFUND_WINDOW_DAYS,
} from '../../../domain/constants';
import { formatCents, groupDigits } from '../../../domain/format';
import { PLANS } from '../../../domain/plans';
import {
  TERM_BILLED_MONTHLY,
  TERM_CANCEL,
  TERM_DELIVERY,
  TERM_DOMAINS,
  TERM_MONEY_BACK,
  TERM_NO_PRORATA,
  TERM_NON_TRANSFERABLE,
  TERM_SEPARATE_RENEWAL,
} from '../../lib/terms';
import type { FaqItem } from '../components/faq';
import { Link } from '../layout/site-navigation';
import { SEATS_PER_PANEL_TEXT } from './claims';

const planSeats = PLANS.map((p) => `${p.name} ${groupDigits(p.maxSeats)}`).join(', ');
const addonPrices = PLANS.map((p) => `${formatCents(p.addonCostCents)} on ${p.name}`).join(', ');

/** The /pricing FAQ: seats, plan changes, billing and refunds (docs/product.md §2), from the plan terms. */
export const PRICING_FAQ: readonly FaqItem[] = [
  {
    question: 'What is a mailbox seat?',
    answer: (
      <>
        <p>
          A seat is one mailbox you can create in an admin panel. Every panel holds up to{' '}
          {SEATS_PER_PANEL_TEXT} mailboxes and comes with {DEFAULT_DOMAINS} or more domains. Plans include:{' '}
          {planSeats} seats.
        </p>
        <p>
          Each add-on panel adds {groupDigits(MAILBOX_SEATS_PER_ADDON)} more seats. {TERM_DOMAINS}
        </p>
      </>
    ),
  },
  {
    question: 'Can I change my plan later?',
    answer: (
      <>
        <p>
          Yes. Each order is its own subscription, so you can order a different plan at any time from your
          dashboard and cancel the old one from Billing. {TERM_CANCEL}
        </p>
        <p>Need more room on the plan you have? Add-on panels cost {addonPrices} per month.</p>
      </>
    ),
  },
  {
    question: 'How does billing work?',
    answer: (
      <>
        <p>
          {TERM_BILLED_MONTHLY} {TERM_SEPARATE_RENEWAL} You pay by card, cryptocurrency or bank transfer, and
          the price you see is the price you pay: no setup fees, no per-user fees.
        </p>
        <p>{TERM_DELIVERY}</p>
      </>
    ),
  },
  {
    question: 'What is your refund policy?',
    answer: (
      <p>
        {TERM_MONEY_BACK} If the service is not right for you, ask for a refund within {REFUND_WINDOW_DAYS}{' '}
        days of your order. {TERM_NO_PRORATA} See the <Link to="/refund">Refund Policy</Link> for the details.
      </p>
    ),
  },
];

/** The /help FAQ. */
export const HELP_FAQ: readonly FaqItem[] = [
  {
    question: 'What is an admin panel?',
    answer: (
      <p>
        An admin panel gives you administrative access to hosted mailbox accounts: you create, manage and
        remove up to {SEATS_PER_PANEL_TEXT} mailboxes in it, across {DEFAULT_DOMAINS} or more domains.{' '}
        {TERM_DOMAINS}
      </p>
    ),
  },
  {
    question: 'How quickly are panels delivered?',
    answer: (
      <p>
        {TERM_DELIVERY} Panels that are still being prepared show as Processing on your dashboard, and their
        sign-in details appear there as soon as they are ready. We also email you when they are. If a panel is
        not ready after {DELIVERY_HOURS} hours, contact support.
      </p>
    ),
  },
  {
    question: 'Where do I find my panel credentials?',
    answer: (
      <p>
        On your dashboard, under Admin Panels. Passwords are hidden until you choose to show them, and you can
        export the panels you select to a CSV file.
      </p>
    ),
  },
  {
    question: 'Can I cancel my subscription?',
    answer: (
      <p>
        {TERM_CANCEL} Cancel from the Billing page; there is nothing to send us. {TERM_NO_PRORATA}
      </p>
    ),
  },
  {
    question: 'Can I transfer a panel to someone else?',
    answer: (
      <p>
        No. {TERM_NON_TRANSFERABLE} A panel stays with the account that bought it. If your organization
        changes hands, contact support and we will explain your options.
      </p>
    ),
  },
  {
    question: 'Which payment methods do you accept?',
    answer: (
      <p>
        Credit and debit cards (Visa, Mastercard, American Express), cryptocurrency, and bank transfer. For
        bank transfer and cryptocurrency we send payment instructions, and the order starts once the payment
        arrives.
      </p>
    ),
  },
];
