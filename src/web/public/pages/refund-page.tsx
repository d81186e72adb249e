import { REFUND_WINDOW_DAYS } from '../../../domain/constants';
import { TERM_CANCEL, TERM_NO_PRORATA } from '../../lib/terms';
import { PolicyPage } from '../components/prose-page';
import { ReplacementPolicyText, ReplacementSteps } from '../components/replacement-steps';
import { SupportEmailLink } from '../components/support-email-link';
import { Link } from '../layout/site-navigation';
import type { PageMeta } from '../meta';

export const meta: PageMeta = {
  title: 'Refund Policy',
  description:
    'A 14-day money-back guarantee, no pro-rated refunds, and cancellation at any time with access to the end of the period.',
};

/**
 * /refund (D8, D10): the 14-day guarantee, no pro-rating, cancellation to the end of the period,
 * and the replacement warranty (docs/product.md §11).
 */
export default function RefundPage() {
  return (
    <PolicyPage meta={meta}>
      <h2>{REFUND_WINDOW_DAYS}-day money-back guarantee</h2>
      <p>
        If you are not satisfied with a new order, you can ask for a full refund within {REFUND_WINDOW_DAYS}{' '}
        days of placing it, for any reason. This applies to the first payment of each order, including its
        add-on panels.
      </p>

      <h2>How to ask for a refund</h2>
      <ul>
        <li>
          Open <Link to="/billing">Billing</Link>, find the order and request a refund; or email{' '}
          <SupportEmailLink /> with your order ID.
        </li>
        <li>We review every request and confirm the decision by email, normally within 24 business hours.</li>
        <li>
          Once approved, the money goes back to the payment method you used. Card refunds usually reach your
          account within 5 to 10 business days, depending on your bank. For bank transfer and cryptocurrency
          payments we ask you where to send the refund.
        </li>
        <li>When an order is refunded, its panels are withdrawn and stop working.</li>
      </ul>

      <h2>No pro-rated refunds</h2>
      <p>
        {TERM_NO_PRORATA} After the {REFUND_WINDOW_DAYS}-day window, and for monthly renewals, payments are
        not refunded, in whole or in part, including for days in a period you did not use.
      </p>

      <h2>Cancelling</h2>
      <p>
        {TERM_CANCEL} Cancel from the Billing page at any time; the subscription then ends at the close of the
        current period, no further payments are taken, and the panels stop working when the period ends.
      </p>

      <h2 id="replacements">Free replacement of a panel that stops working</h2>
      <p>
        <ReplacementPolicyText /> A replacement is not a refund: the order, its price and its renewal date
        stay as they are.
      </p>
      <ul>
        <ReplacementSteps />
      </ul>

      <h2>When we refund without being asked</h2>
      <ul>
        <li>If we cannot deliver an order, we refund it in full.</li>
        <li>If you were charged twice for the same thing by mistake, we refund the duplicate.</li>
      </ul>

      <h2>Exceptions</h2>
      <p>
        Orders whose panels were suspended for breaking our <Link to="/terms">Terms of Service</Link>, such as
        sending spam, are not refunded. Nothing in this policy limits rights you have under consumer law.
      </p>
    </PolicyPage>
  );
}
