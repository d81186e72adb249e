import { DELIVERY_HOURS, MAILBOX_SEATS_PER_ADDON, SESSION_TIMEOUT_MINUTES } from '../../../domain/constants';
import { formatCents, groupDigits } from '../../../domain/format';
import { mailboxSeatsText } from '../../../domain/plan-texts';
import { PLANS } from '../../../domain/plans';
import { Download } from '../../lib/icons/download';
import { Eye } from '../../lib/icons/eye';
import { Globe } from '../../lib/icons/globe';
import type { Icon } from '../../lib/icons/icon';
import { LayoutDashboard } from '../../lib/icons/layout-dashboard';
import { LayoutGrid } from '../../lib/icons/layout-grid';
import { PlusCircle } from '../../lib/icons/plus-circle';
import { Receipt } from '../../lib/icons/receipt';
import { ShieldCheck } from '../../lib/icons/shield-check';
import { Timer } from '../../lib/icons/timer';
import { buttonClasses } from '../../ui/button';
import { FeatureCard } from '../components/feature-card';
import { PageHeader } from '../components/page-header';
import { PageSection } from '../components/page-section';
import { panelCountText } from '../components/plan-parts';
import { RevealGrid } from '../components/reveal-grid';
import { SectionHeading } from '../components/section-heading';
import { DOMAINS_TEXT, SEATS_PER_PANEL_TEXT } from '../content/claims';
import { PublicLayout } from '../layout/public-layout';
import { Link } from '../layout/site-navigation';
import type { PageMeta } from '../meta';

interface Feature {
  icon: Icon;
  title: string;
  text: string;
}

const FEATURES: readonly Feature[] = [
  {
    icon: LayoutGrid,
    title: 'Admin panels with room to grow',
    text: `Every panel holds up to ${SEATS_PER_PANEL_TEXT} mailboxes and comes with ${DOMAINS_TEXT} domains. Create, manage and remove mailboxes yourself, for as many users as the panel holds.`,
  },
  {
    icon: LayoutDashboard,
    title: 'One dashboard for every panel',
    text: 'See each panel’s status, sign-in email and purchase date in one place. Search by email when you have many.',
  },
  {
    icon: Eye,
    title: 'Credentials on demand',
    text: 'Panel passwords stay masked until you reveal them, one row at a time, so they are not on screen when they need not be.',
  },
  {
    icon: Download,
    title: 'CSV export',
    text: 'Select panels or orders and export them to a CSV file for your records or your own tools.',
  },
  {
    icon: Timer,
    title: 'Fast delivery',
    text: `Panels are delivered within about ${DELIVERY_HOURS} hours of payment. Until then they show as Processing, and we email you when they are ready.`,
  },
  {
    icon: PlusCircle,
    title: 'Add-on panels',
    text: `Need more capacity than your plan includes? Each add-on panel brings ${groupDigits(MAILBOX_SEATS_PER_ADDON)} more mailbox seats at a fixed monthly price.`,
  },
  {
    icon: Receipt,
    title: 'Billing you can read',
    text: 'Every payment appears in your purchase history with its invoice number. Pay by card, cryptocurrency or bank transfer, and cancel from the Billing page.',
  },
  {
    icon: ShieldCheck,
    title: 'Account security',
    text: `Two-factor authentication, sign-in codes by email, and an optional ${SESSION_TIMEOUT_MINUTES}-minute session timeout.`,
  },
  {
    icon: Globe,
    title: 'Works wherever you are',
    text: 'Everything runs in the browser, on desktop and mobile, in light or dark mode.',
  },
];

export const meta: PageMeta = {
  title: 'Features',
  description: `What an admin panel gives you: up to ${SEATS_PER_PANEL_TEXT} mailboxes, 699+ domains, one dashboard for every panel, and fast delivery.`,
};

/** /features (D10): what the product does, in more depth than the landing page. */
export default function FeaturesPage() {
  return (
    <PublicLayout>
      <PageHeader eyebrow="Features" title="Everything you need to manage mailboxes at scale">
        <p>
          Buy admin panels, receive them within hours, and manage every mailbox from one dashboard, without
          paying per user.
        </p>
      </PageHeader>

      <section aria-label="Features" className="py-16 sm:py-20">
        <RevealGrid
          items={FEATURES}
          className="mx-auto grid max-w-7xl gap-6 px-4 sm:grid-cols-2 sm:px-6 lg:grid-cols-3 lg:px-8"
        >
          {(feature) => <FeatureCard {...feature} heading="h2" />}
        </RevealGrid>
      </section>

      <PageSection titleId="by-plan-title" band="top" className="py-16 sm:py-20" width="max-w-5xl">
        <SectionHeading id="by-plan-title" title="What each plan includes" />
        <div className="mt-10 overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className="w-full min-w-[36rem] text-left text-sm">
            <caption className="sr-only">Panels, seats, support and add-on price by plan</caption>
            <thead className="border-b border-slate-200 text-slate-900 dark:border-slate-800 dark:text-white">
              <tr>
                <th scope="col" className="px-5 py-4 font-semibold">
                  Plan
                </th>
                <th scope="col" className="px-5 py-4 font-semibold">
                  Admin panels
                </th>
                <th scope="col" className="px-5 py-4 font-semibold">
                  Mailbox seats
                </th>
                <th scope="col" className="px-5 py-4 font-semibold">
                  Support
                </th>
                <th scope="col" className="px-5 py-4 font-semibold">
                  Add-on panel
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 text-slate-700 dark:divide-slate-800 dark:text-slate-300">
              {PLANS.map((plan) => (
                <tr key={plan.id}>
                  <th scope="row" className="px-5 py-4 font-semibold text-slate-900 dark:text-white">
                    {plan.name}
                  </th>
                  <td className="px-5 py-4">{panelCountText(plan)}</td>
                  <td className="px-5 py-4">{mailboxSeatsText(plan.maxSeats, plan.maxQuantity === null)}</td>
                  <td className="px-5 py-4">{plan.supportTier}</td>
                  <td className="px-5 py-4">{formatCents(plan.addonCostCents)}/month</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
          <Link to="/pricing" className={buttonClasses({ size: 'lg' })}>
            Compare plans
          </Link>
          <Link to="/register" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
            Create an account
          </Link>
        </div>
      </PageSection>
    </PublicLayout>
  );
}
