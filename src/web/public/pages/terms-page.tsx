import {
  DEFAULT_DOMAINS,
  DELIVERY_HOURS,
  MIN_PASSWORD_LENGTH,
  USERS_PER_PANEL,
} from '../../../domain/constants';
import { groupDigits } from '../../../domain/format';
import { useSite } from '../../lib/site';
import {
  TERM_BILLED_MONTHLY,
  TERM_CANCEL,
  TERM_MONEY_BACK,
  TERM_NO_PRORATA,
  TERM_NON_TRANSFERABLE,
  TERM_SEPARATE_RENEWAL,
} from '../../lib/terms';
import { PolicyPage } from '../components/prose-page';
import { SupportEmailLink } from '../components/support-email-link';
import { UPTIME_TARGET } from '../content/claims';
import { Link } from '../layout/site-navigation';
import type { PageMeta } from '../meta';

export const meta: PageMeta = {
  title: 'Terms of Service',
  description:
    'The terms for using our service and panels, including billing, cancellation and acceptable use.',
};

/** /terms (D10): the service terms built from the documented plan terms, including acceptable use. */
export default function TermsPage() {
  const site = useSite();
  const brand = site.brandName;
  return (
    <PolicyPage meta={meta}>
      <p>
        These terms are an agreement between you and {brand} for the use of our website and service. By
        creating an account or placing an order you accept them. If you accept them for an organization, you
        confirm that you may bind it.
      </p>

      <h2>1. The service</h2>
      <p>
        {brand} sells administrative access to hosted mailbox accounts through admin panels. Each panel lets
        you create and manage up to {groupDigits(USERS_PER_PANEL)} mailboxes and comes with {DEFAULT_DOMAINS}{' '}
        or more domains by default. The domains are provided with the panel: you do not own them, and custom
        domain selection is not offered.
      </p>

      <h2>2. Your account</h2>
      <ul>
        <li>
          Give accurate details, and keep your email address current: we use it for codes and order notices.
        </li>
        <li>
          Keep your password (at least {MIN_PASSWORD_LENGTH} characters) secret, and tell us at once if you
          think someone else has used your account. You are responsible for what happens under your account.
        </li>
      </ul>

      <h2 id="subscriptions">3. Orders, billing and cancellation</h2>
      <ul>
        <li>
          {TERM_BILLED_MONTHLY} Prices are in US dollars and shown on the{' '}
          <Link to="/pricing">pricing page</Link>.
        </li>
        <li>{TERM_SEPARATE_RENEWAL} It renews automatically each month until you cancel.</li>
        <li>{TERM_CANCEL}</li>
        <li>
          If a renewal payment fails, we tell you and give you a short grace period to pay before the panels
          of that order expire.
        </li>
        <li>
          {TERM_MONEY_BACK} {TERM_NO_PRORATA} The details are in our <Link to="/refund">Refund Policy</Link>.
        </li>
      </ul>

      <h2>4. Delivery</h2>
      <p>
        Panels are delivered within about {DELIVERY_HOURS} hours of payment. Their sign-in details appear on
        your dashboard. If we cannot deliver an order, we refund it in full.
      </p>

      <h2>5. Panels are yours to use, not to pass on</h2>
      <p>
        {TERM_NON_TRANSFERABLE} You may let people in your organization use the mailboxes you create, but you
        may not sell, rent or hand over a panel itself to anyone else.
      </p>

      <h2 id="acceptable-use">6. Acceptable use</h2>
      <p>You are responsible for how your panels and mailboxes are used. You must:</p>
      <ul>
        <li>
          Comply with anti-spam law wherever you send email, such as the CAN-SPAM Act in the United States,
          CASL in Canada and the ePrivacy rules in the European Union: send commercial email only to people
          who may receive it, identify yourself truthfully, and honour unsubscribe requests.
        </li>
        <li>
          Comply with data protection law, such as the GDPR in the European Union and the UK and state privacy
          laws in the United States, for any personal data you process in the mailboxes, including the data of
          the people you create mailboxes for.
        </li>
        <li>
          Follow the policies of the mailbox providers whose accounts the panels administer. Their rules apply
          in addition to ours, and a provider may suspend accounts that break them.
        </li>
      </ul>
      <p>You must not use the service to:</p>
      <ul>
        <li>send unsolicited bulk email, or buy, sell or harvest email address lists;</li>
        <li>phish, impersonate others, or spread malware;</li>
        <li>harass people or send content that is illegal where it is sent or received;</li>
        <li>break into, overload or test the security of our systems or anyone else’s without permission;</li>
        <li>evade a suspension or the limits of your plan.</li>
      </ul>
      <p>
        If we learn of a breach of these rules, we may suspend the panels concerned, and close the account for
        serious or repeated breaches. Where we reasonably can, we tell you first and give you a chance to fix
        it. Panels suspended for abuse are not refunded. Our <Link to="/compliance">Compliance</Link> page
        explains how we handle abuse reports.
      </p>

      <h2>7. Availability and support</h2>
      <p>
        We aim for {UPTIME_TARGET} uptime and plan maintenance to disturb you as little as possible, but we do
        not promise that the service will never be interrupted. Support is available as described in the{' '}
        <Link to="/help">Help Center</Link>.
      </p>

      <h2>8. Liability</h2>
      <p>
        The service is provided with reasonable care and skill. To the extent the law allows, we are not
        liable for indirect or consequential losses, such as lost profits or data, and our total liability for
        any claim is limited to the amount you paid us in the three months before the claim arose. Nothing in
        these terms limits liability that cannot be limited by law.
      </p>

      <h2>9. Changes and ending the agreement</h2>
      <p>
        We may change these terms; when a change matters to you, we tell you by email at least 30 days before
        it applies, and you may cancel before then. You may stop using the service at any time by cancelling
        your subscriptions and deleting your account.
      </p>

      <h2>10. Governing law and contact</h2>
      <p>
        These terms are governed by the law of the place where {brand} is established ({site.location}),
        unless the law of your country gives you rights that cannot be set aside. Questions about these terms:{' '}
        <SupportEmailLink />.
      </p>
    </PolicyPage>
  );
}
