import { SESSION_TIMEOUT_MINUTES } from '../../../domain/constants';
import { LAST_ACTIVITY_STORAGE_KEY } from '../../lib/last-activity';
import { useSite } from '../../lib/site';
import { THEME_STORAGE_KEY } from '../../theme/theme';
import { PolicyPage } from '../components/prose-page';
import { SupportEmailLink } from '../components/support-email-link';
import { Link } from '../layout/site-navigation';
import type { PageMeta } from '../meta';

export const meta: PageMeta = {
  title: 'Privacy Policy',
  description: 'What personal data we collect, why, how long we keep it, and the choices you have.',
};

/** /privacy (D10): what the product really stores, from the data model, and why. */
export default function PrivacyPage() {
  const site = useSite();
  return (
    <PolicyPage meta={meta}>
      <p>
        This policy explains what personal data {site.brandName} (“we”) collects when you visit our site or
        use our service, why we collect it, how long we keep it and what you can ask of us. We collect only
        what we need to sell and deliver admin panels and to support you.
      </p>

      <h2>What we collect</h2>
      <h3>Your account</h3>
      <ul>
        <li>Your name, email address and password. The password is stored only as a salted hash.</li>
        <li>
          Optional profile details you choose to add: company or organization, phone number and country.
        </li>
        <li>Your settings, such as notification preferences and whether two-factor authentication is on.</li>
      </ul>
      <h3>Orders and payments</h3>
      <ul>
        <li>The plans and add-on panels you order, their dates, amounts and status, and your invoices.</li>
        <li>
          For card payments, a reference from our payment provider. Card numbers are entered on the provider’s
          checkout page and never reach us.
        </li>
      </ul>
      <h3>Your panels</h3>
      <ul>
        <li>
          The sign-in details of the panels delivered to you. Passwords are encrypted at rest, and each time
          they are revealed or exported we record who did it and when.
        </li>
      </ul>
      <h3>Messages and technical data</h3>
      <ul>
        <li>What you send us through the contact form or by email, so we can answer.</li>
        <li>
          Server logs with your IP address, the pages requested and the time, used to keep the service secure
          and working and to limit abuse (for example, too many sign-in attempts).
        </li>
      </ul>

      <h2>Cookies and local storage</h2>
      <p>
        We use one session cookie to keep you signed in, and your browser’s local storage to remember your
        theme (key <code>{THEME_STORAGE_KEY}</code>) and when you were last active (key{' '}
        <code>{LAST_ACTIVITY_STORAGE_KEY}</code>), so that every open tab signs out after{' '}
        {SESSION_TIMEOUT_MINUTES} minutes without activity. We use no advertising or tracking cookies and no
        third-party analytics.
      </p>

      <h2>Why we use your data</h2>
      <ul>
        <li>
          To provide the service you ordered: your account, orders, panels and invoices (our contract with
          you).
        </li>
        <li>
          To email you about your account and orders: sign-in codes, order confirmations and delivery notices.
        </li>
        <li>To keep the service secure and prevent fraud and abuse (our legitimate interest).</li>
        <li>To keep financial records as the law requires.</li>
        <li>
          To send marketing email only if you turn Marketing Emails on in your settings; you can turn it off
          at any time.
        </li>
      </ul>

      <h2>Who we share it with</h2>
      <p>
        We do not sell your personal data. We share it only with the providers that run parts of the service
        for us, such as our payment provider, our email delivery provider and our hosting provider, and only
        as far as each needs it; and with authorities when the law requires us to.
      </p>

      <h2>How long we keep it</h2>
      <ul>
        <li>Account and profile data: while your account exists.</li>
        <li>
          When you delete your account, we delete your profile and sign-in data. Orders and payments are kept,
          anonymised, because accounting law requires it.
        </li>
        <li>Server logs: only as long as needed for security and troubleshooting.</li>
      </ul>

      <h2>Your rights</h2>
      <p>
        Depending on where you live, you may have the right to access, correct, export or delete your personal
        data, and to object to or restrict how we use it. You can correct your profile and delete your account
        yourself in <Link to="/settings">Settings</Link>. For anything else, email <SupportEmailLink />. You
        may also complain to your data protection authority.
      </p>

      <h2>Security</h2>
      <p>
        How we protect your data is described on our <Link to="/security">Security</Link> page.
      </p>

      <h2>Changes and contact</h2>
      <p>
        If we change this policy, we will update the date above, and tell you by email when the change matters
        to you. Questions: <SupportEmailLink />, or write to us in {site.location}.
      </p>
    </PolicyPage>
  );
}
