import { useSite } from '../../lib/site';
import { PolicyPage } from '../components/prose-page';
import { SupportEmailLink } from '../components/support-email-link';
import { Link } from '../layout/site-navigation';
import type { PageMeta } from '../meta';

export const meta: PageMeta = {
  title: 'Compliance',
  description:
    'Your obligations under anti-spam and data protection law, the mailbox providers’ policies, and how we handle abuse reports.',
};

/** /compliance (D10): the rules that apply to email and personal data, and how we enforce them. */
export default function CompliancePage() {
  const site = useSite();
  return (
    <PolicyPage meta={meta}>
      <p>
        Mailboxes are powerful, and the law takes email and personal data seriously. This page sets out what
        we expect of our customers, what we do ourselves, and how to reach us about abuse. It complements our{' '}
        <Link to="/terms">Terms of Service</Link> and <Link to="/privacy">Privacy Policy</Link>.
      </p>

      <h2>Anti-spam law</h2>
      <p>
        If you send commercial email from your mailboxes, the anti-spam law of the recipients’ country
        applies. In the United States the CAN-SPAM Act requires, among other things, that you:
      </p>
      <ul>
        <li>do not use false or misleading header information or subject lines;</li>
        <li>identify the message as an advertisement where required, and include a valid postal address;</li>
        <li>tell recipients how to opt out, and honour opt-outs promptly.</li>
      </ul>
      <p>
        Other countries are stricter: Canada’s CASL and the European Union’s ePrivacy rules generally require
        the recipient’s consent before you send marketing email. Check the rules for the places you send to.
      </p>

      <h2>Data protection law</h2>
      <p>
        The mailboxes you create hold personal data: the names and addresses of their users and the messages
        they contain. When you use them, you decide what happens to that data, and laws such as the GDPR, the
        UK GDPR and US state privacy laws may apply to you. In particular, tell the people you create
        mailboxes for how their data is used, keep their credentials safe, and delete mailboxes you no longer
        need.
      </p>
      <p>
        For the personal data we hold about you as our customer, see our{' '}
        <Link to="/privacy">Privacy Policy</Link>.
      </p>

      <h2>Mailbox provider policies</h2>
      <p>
        The panels administer accounts hosted by mailbox providers, and each provider has its own acceptable
        use policy. Those policies apply to you as well as ours. A provider may act on its own against
        accounts that break its rules, and we cannot overrule it.
      </p>

      <h2>What we do</h2>
      <ul>
        <li>We rate limit sign-ins, code requests and forms, and watch for patterns of abuse.</li>
        <li>We encrypt panel credentials at rest and record every reveal and export.</li>
        <li>We keep financial records as accounting law requires, and no longer than needed.</li>
        <li>
          We answer lawful requests from authorities, and tell the customer concerned when the law allows it.
        </li>
      </ul>
      <p>
        We do not claim certifications we do not hold. If your organization needs answers for a vendor review
        or a security questionnaire, write to us and we will answer it as fully and accurately as we can.
      </p>

      <h2>Reporting abuse</h2>
      <p>
        If you receive spam or phishing from a mailbox managed through {site.brandName}, email{' '}
        <SupportEmailLink /> with “Abuse” in the subject and, if you can, the full message with its headers.
        We investigate every report, and we suspend panels that break our terms.
      </p>
    </PolicyPage>
  );
}
