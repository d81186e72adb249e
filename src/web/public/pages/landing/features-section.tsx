import { DELIVERY_HOURS } from '../../../../domain/constants';
import { TERM_SEPARATE_RENEWAL } from '../../../../domain/plan-texts';
import { BadgeDollarSign } from '../../../lib/icons/badge-dollar-sign';
import { Globe } from '../../../lib/icons/globe';
import { LayoutGrid } from '../../../lib/icons/layout-grid';
import { ShieldCheck } from '../../../lib/icons/shield-check';
import { Users } from '../../../lib/icons/users';
import { Zap } from '../../../lib/icons/zap';
import { FeatureCard } from '../../components/feature-card';
import { PageSection } from '../../components/page-section';
import { Reveal } from '../../components/reveal';
import { RevealGrid } from '../../components/reveal-grid';
import { SectionHeading } from '../../components/section-heading';
import {
  DOMAINS_TEXT,
  LOWEST_MAILBOX_RATE_CENTS,
  MAX_PANELS,
  SEATS_PER_PANEL_TEXT,
} from '../../content/claims';

/** The six cards of docs/product.md §2, titles word for word. */
const FEATURES = [
  {
    icon: Users,
    title: 'Flexible User Management',
    text: `Create and manage up to ${SEATS_PER_PANEL_TEXT} mailboxes per panel, for as many people as you need. There is no per-user pricing.`,
  },
  {
    icon: LayoutGrid,
    title: 'Multiple Admin Panels',
    text: `Run one panel or up to ${MAX_PANELS} on a plan, and add more when you grow. ${TERM_SEPARATE_RENEWAL}`,
  },
  {
    icon: BadgeDollarSign,
    title: 'Affordable Pricing',
    text: `Mailboxes from as low as ${LOWEST_MAILBOX_RATE_CENTS} cents each. One fixed monthly price per plan, with no hidden fees.`,
  },
  {
    icon: ShieldCheck,
    title: 'Enhanced Security',
    text: 'Panel credentials are encrypted at rest and shown only to you. Sign in with two-factor authentication.',
  },
  {
    icon: Globe,
    title: 'Global Accessibility',
    text: `Every panel comes with ${DOMAINS_TEXT} domains and works from any browser, wherever your team is.`,
  },
  {
    icon: Zap,
    title: 'Lightning Fast Setup',
    text: `Pay and your panels are delivered within about ${DELIVERY_HOURS} hours, with credentials ready on your dashboard.`,
  },
] as const;

export function FeaturesSection() {
  return (
    <PageSection titleId="features-title" className="py-20 sm:py-28" width="max-w-7xl">
      <Reveal>
        <SectionHeading
          id="features-title"
          eyebrow="Why teams choose us"
          title="Everything you need to run mailboxes at scale"
        >
          Admin access to hosted mailbox accounts, organized in panels you control.
        </SectionHeading>
      </Reveal>
      <RevealGrid items={FEATURES} className="mt-16 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {(feature) => (
          <FeatureCard {...feature} heading="h3" className="h-full p-6 transition-shadow hover:shadow-md" />
        )}
      </RevealGrid>
    </PageSection>
  );
}
