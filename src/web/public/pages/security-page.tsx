import { SESSION_TIMEOUT_MINUTES } from '../../../domain/constants';
import type { Icon } from '../../lib/icons/icon';
import { KeyRound } from '../../lib/icons/key-round';
import { Lock } from '../../lib/icons/lock';
import { ScrollText } from '../../lib/icons/scroll-text';
import { ShieldCheck } from '../../lib/icons/shield-check';
import { Timer } from '../../lib/icons/timer';
import { UserCheck } from '../../lib/icons/user-check';
import { useSite } from '../../lib/site';
import { Card } from '../../ui/card';
import { PageHeader } from '../components/page-header';
import { Prose } from '../components/prose';
import { RevealGrid } from '../components/reveal-grid';
import { PublicLayout } from '../layout/public-layout';
import { Link } from '../layout/site-navigation';
import type { PageMeta } from '../meta';

interface Measure {
  icon: Icon;
  title: string;
  text: string;
}

const MEASURES: readonly Measure[] = [
  {
    icon: Lock,
    title: 'Encrypted in transit',
    text: 'Connections to the site and its API use HTTPS, and HTTP Strict Transport Security tells browsers never to fall back to an unencrypted connection.',
  },
  {
    icon: KeyRound,
    title: 'Panel passwords encrypted at rest',
    text: 'Panel credentials are stored encrypted with AES-256-GCM. They are decrypted only when you reveal or export your own panels.',
  },
  {
    icon: UserCheck,
    title: 'Strong sign-in',
    text: 'Account passwords are stored as salted hashes, never in readable form. Add two-factor authentication with an authenticator app, or sign in with a one-time code sent by email.',
  },
  {
    icon: Timer,
    title: 'Sessions that end',
    text: `Sessions live in secure, HTTP-only cookies. With Session Timeout on, you are signed out after ${SESSION_TIMEOUT_MINUTES} minutes of inactivity.`,
  },
  {
    icon: ShieldCheck,
    title: 'Limits on guessing',
    text: 'Sign-in, code requests, password resets and the contact form are rate limited, which stops automated password guessing and spam.',
  },
  {
    icon: ScrollText,
    title: 'An audit trail',
    text: 'Every reveal and export of panel credentials is recorded, so access to sensitive data can always be accounted for.',
  },
];

export const meta: PageMeta = {
  title: 'Security',
  description:
    'How we protect your account and panel credentials: encryption in transit and at rest, two-factor sign-in and an audit trail.',
};

/** /security (D10): what we actually do to protect accounts and credentials, and nothing we do not. */
export default function SecurityPage() {
  const { supportEmail } = useSite();
  return (
    <PublicLayout>
      <PageHeader eyebrow="Security" title="Security you can check">
        <p>Panel credentials give access to real mailboxes. Here is how we protect them, and your account.</p>
      </PageHeader>
      <section aria-label="Security measures" className="pt-16 sm:pt-20">
        <RevealGrid
          items={MEASURES}
          className="mx-auto grid max-w-7xl gap-6 px-4 sm:grid-cols-2 sm:px-6 lg:grid-cols-3 lg:px-8"
        >
          {(m) => (
            <Card className="h-full p-6">
              <m.icon className="h-7 w-7 text-brand-600 dark:text-indigo-400" aria-hidden="true" />
              <h2 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{m.title}</h2>
              <p className="mt-2 leading-7 text-slate-600 dark:text-slate-400">{m.text}</p>
            </Card>
          )}
        </RevealGrid>
      </section>
      <Prose>
        <h2>Payments</h2>
        <p>
          Card payments are handled by our payment provider on its own secure checkout page. Your card number
          never reaches our servers, and we do not store it.
        </p>
        <h2>Who can see your data</h2>
        <p>
          You see only your own orders, payments and panels. A small number of our staff have administrator
          access to fulfil orders and answer support requests; administrator actions on credentials are
          recorded in the audit trail.
        </p>
        <h2>Your part</h2>
        <ul>
          <li>Use a unique password of at least 8 characters, and turn on two-factor authentication.</li>
          <li>Keep exported CSV files safe: they contain panel passwords.</li>
          <li>
            Change a panel’s password in the panel itself if you think it has been exposed, and tell us.
          </li>
        </ul>
        <h2>Reporting a vulnerability</h2>
        <p>
          If you believe you have found a security problem, email{' '}
          <a href={`mailto:${supportEmail}`}>{supportEmail}</a> with “Security” in the subject and the steps
          to reproduce it. Please give us a reasonable time to fix it before you disclose it. We will confirm
          receipt and keep you informed.
        </p>
        <p>
          Compliance questions are answered on our <Link to="/compliance">Compliance</Link> page.
        </p>
      </Prose>
    </PublicLayout>
  );
}
