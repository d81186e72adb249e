import { DELIVERY_HOURS } from '../../../domain/constants';
import { useSite } from '../../lib/site';
import { SUPPORT_HOURS } from '../../lib/terms';
import { ProsePage } from '../components/prose-page';
import { SupportEmailLink } from '../components/support-email-link';
import { DOMAINS_TEXT, LOWEST_MAILBOX_RATE_CENTS, MAX_PANELS, SEATS_PER_PANEL_TEXT } from '../content/claims';
import { Link } from '../layout/site-navigation';
import type { PageMeta } from '../meta';

export const meta: PageMeta = {
  title: 'About Us',
  description:
    'Who we are, what we sell and how we work: hosted mailbox admin panels with plain monthly pricing.',
};

/** /about (D10). Describes the business from the documented facts; invents no history, people or numbers. */
export default function AboutPage() {
  const site = useSite();
  return (
    <ProsePage
      eyebrow="About Us"
      title={`About ${site.brandName}`}
      intro={<p>We sell admin access to hosted mailboxes, in panels, at a fixed monthly price.</p>}
    >
      <h2>What we do</h2>
      <p>
        Organizations that need many mailboxes, such as schools, training providers, nonprofits and growing
        companies, often find that per-user pricing makes every new person expensive. {site.brandName} takes a
        different approach: you buy admin panels, and each panel lets you create and manage up to{' '}
        {SEATS_PER_PANEL_TEXT} hosted mailboxes across {DOMAINS_TEXT} domains. Your price depends on the
        number of panels, not on the number of people.
      </p>
      <h2>How we work</h2>
      <ul>
        <li>
          <strong>Plain pricing.</strong> Three plans, from one panel to {MAX_PANELS}, with mailboxes from as
          low as {LOWEST_MAILBOX_RATE_CENTS} cents each. Every price is on our{' '}
          <Link to="/pricing">pricing page</Link>; there are no setup fees or hidden charges.
        </li>
        <li>
          <strong>Fast delivery.</strong> Panels are delivered within about {DELIVERY_HOURS} hours of payment,
          and you can follow their status on your dashboard.
        </li>
        <li>
          <strong>Monthly, not locked in.</strong> Cancel any time and keep access until the end of the period
          you paid for. New orders are covered by a <Link to="/refund">14-day money-back guarantee</Link>.
        </li>
        <li>
          <strong>People who answer.</strong> Support is available {SUPPORT_HOURS}, by email and phone.
        </li>
      </ul>
      <h2>Where we are</h2>
      <p>
        We are based in {site.location}. You can reach us at <SupportEmailLink /> or {site.supportPhone}, or
        through our <Link to="/contact">contact form</Link>.
      </p>
    </ProsePage>
  );
}
