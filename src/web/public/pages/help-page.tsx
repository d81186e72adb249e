import { REFUND_WINDOW_DAYS } from '../../../domain/constants';
import { FileText } from '../../lib/icons/file-text';
import { LifeBuoy } from '../../lib/icons/life-buoy';
import { RefreshCcw } from '../../lib/icons/refresh-ccw';
import { ShieldCheck } from '../../lib/icons/shield-check';
import {
  SUPPORT_HOURS,
  SUPPORT_RESPONSE,
  TERM_BILLED_MONTHLY,
  TERM_CANCEL,
  TERM_NO_PRORATA,
  TERM_NON_TRANSFERABLE,
  TERM_SEPARATE_RENEWAL,
} from '../../lib/terms';
import { buttonClasses } from '../../ui/button';
import { Card } from '../../ui/card';
import { textLinkClasses } from '../../ui/text-link';
import { ContactDetails } from '../components/contact-details';
import { Faq } from '../components/faq';
import { PageHeader } from '../components/page-header';
import { PageSection } from '../components/page-section';
import { ReplacementPolicyText, ReplacementSteps } from '../components/replacement-steps';
import { SectionHeading } from '../components/section-heading';
import { HELP_FAQ } from '../content/faqs';
import { PublicLayout } from '../layout/public-layout';
import { Link } from '../layout/site-navigation';
import type { PageMeta } from '../meta';

/** Terms & Policies of docs/product.md §2: refund, usage, subscription and support. */
const POLICIES = [
  {
    icon: RefreshCcw,
    title: 'Refund Policy',
    text: `A ${REFUND_WINDOW_DAYS}-day money-back guarantee on every new order. ${TERM_NO_PRORATA}`,
    link: { to: '/refund', label: 'Read the Refund Policy' },
  },
  {
    icon: ShieldCheck,
    title: 'Usage Policy',
    text: 'Use your panels lawfully: follow anti-spam and data protection law and the mailbox providers’ own policies. No spam, phishing or abuse.',
    link: { to: '/terms', label: 'Read the Terms of Service' },
  },
  {
    icon: FileText,
    title: 'Subscription Terms',
    text: `${TERM_BILLED_MONTHLY} ${TERM_SEPARATE_RENEWAL} ${TERM_CANCEL} ${TERM_NON_TRANSFERABLE}`,
    link: { to: '/terms', label: 'Read the subscription terms' },
  },
  {
    icon: LifeBuoy,
    title: 'Support Policy',
    text: `Support is available ${SUPPORT_HOURS}. ${SUPPORT_RESPONSE}`,
    link: { to: '/contact', label: 'Contact support' },
  },
] as const;

export const meta: PageMeta = {
  title: 'Help Center',
  description:
    'Answers about panels, delivery, billing and refunds, our policies, and how to reach support by email or phone.',
};

/** /help: the Help Center (also labelled Support). */
export default function HelpPage() {
  return (
    <PublicLayout appShellWhenSignedIn>
      <PageHeader eyebrow="Support" title="Help Center">
        <p>Answers to common questions, our policies in brief, and how to reach a person.</p>
      </PageHeader>

      <PageSection titleId="help-faq-title" className="py-16 sm:py-20" width="max-w-3xl">
        <SectionHeading id="help-faq-title" title="Frequently asked questions" />
        <div className="mt-10">
          <Faq items={HELP_FAQ} />
        </div>
        <p className="mt-6 text-center text-slate-600 dark:text-slate-400">
          Questions about plans and prices are answered on the{' '}
          <Link to="/pricing" className={textLinkClasses}>
            pricing page
          </Link>
          .
        </p>
      </PageSection>

      <PageSection titleId="help-replacements-title" className="pb-16 sm:pb-20" width="max-w-3xl">
        <Card className="p-6 sm:p-8">
          <h2
            id="help-replacements-title"
            className="text-2xl font-bold tracking-tight text-slate-900 dark:text-white"
          >
            If a panel stops working
          </h2>
          <p className="mt-3 leading-7 text-slate-600 dark:text-slate-300">
            <ReplacementPolicyText />
          </p>
          <ol className="mt-4 list-decimal space-y-2 pl-5 leading-7 text-slate-600 marker:text-slate-500 dark:text-slate-300 [&_a]:font-medium [&_a]:text-brand-700 [&_a]:underline dark:[&_a]:text-indigo-300">
            <ReplacementSteps />
          </ol>
          <Link to="/refund#replacements" className={`${textLinkClasses} mt-4 inline-block text-sm`}>
            Read the replacement terms
          </Link>
        </Card>
      </PageSection>

      <PageSection titleId="policies-title" band="both" className="py-16 sm:py-20" width="max-w-7xl">
        <SectionHeading id="policies-title" title="Terms & Policies">
          The short version of the rules we both follow. The full texts are linked from each card.
        </SectionHeading>
        <ul className="mt-12 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {POLICIES.map((policy) => (
            <li key={policy.title}>
              <Card className="flex h-full flex-col p-6">
                <policy.icon className="h-7 w-7 text-brand-600 dark:text-indigo-400" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-semibold text-slate-900 dark:text-white">{policy.title}</h3>
                <p className="mt-2 flex-1 text-sm leading-6 text-slate-600 dark:text-slate-400">
                  {policy.text}
                </p>
                <Link to={policy.link.to} className={`${textLinkClasses} mt-4 text-sm`}>
                  {policy.link.label}
                </Link>
              </Card>
            </li>
          ))}
        </ul>
      </PageSection>

      <section aria-labelledby="help-contact-title" className="py-16 sm:py-20">
        <div className="mx-auto grid max-w-5xl gap-10 px-4 sm:px-6 md:grid-cols-2 lg:px-8">
          <div>
            <h2
              id="help-contact-title"
              className="text-3xl font-bold tracking-tight text-slate-900 dark:text-white"
            >
              Contact support
            </h2>
            <p className="mt-4 text-lg leading-8 text-slate-600 dark:text-slate-300">
              Can’t find your answer? Write to us or call during support hours. Include your order ID if your
              question is about an order.
            </p>
            <Link to="/contact" className={buttonClasses({ size: 'lg', className: 'mt-8' })}>
              Send us a message
            </Link>
          </div>
          <Card className="p-6 sm:p-8">
            <ContactDetails />
          </Card>
        </div>
      </section>
    </PublicLayout>
  );
}
