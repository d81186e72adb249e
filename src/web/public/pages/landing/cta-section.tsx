import { MAILBOX_SEATS_PER_ADDON } from '../../../../domain/constants';
import { formatCents, groupDigits } from '../../../../domain/format';
import { PlusCircle } from '../../../lib/icons/plus-circle';
import { Receipt } from '../../../lib/icons/receipt';
import { Users } from '../../../lib/icons/users';
import { buttonClasses } from '../../../ui/button';
import { PageSection } from '../../components/page-section';
import { Reveal } from '../../components/reveal';
import { LOWEST_ADDON_CENTS } from '../../content/claims';
import { Link } from '../../layout/site-navigation';

const CARDS = [
  {
    icon: Users,
    title: 'Unlimited Users',
    text: 'No per-user pricing. Add everyone your panels can hold without your bill changing.',
  },
  {
    icon: Receipt,
    title: 'Predictable Costs',
    text: 'A fixed monthly price for each plan and each add-on panel. No hidden fees, no surprises.',
  },
] as const;

export function CtaSection() {
  return (
    <PageSection titleId="cta-title" className="py-20 sm:py-28" width="max-w-7xl">
      <Reveal>
        <div className="overflow-hidden rounded-3xl bg-brand-600 px-6 py-14 shadow-xl sm:px-12 sm:py-16 dark:bg-brand-700">
          <div className="mx-auto max-w-3xl text-center">
            <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
              Ready to Transform Your Email Management?
            </h2>
            <p className="mt-4 text-lg leading-8 text-indigo-100">
              Create an account, pick a plan and manage your first panel today.
            </p>
          </div>
          <ul className="mx-auto mt-10 grid max-w-4xl gap-6 md:grid-cols-2">
            {CARDS.map((card) => (
              <li key={card.title} className="rounded-2xl bg-white/10 p-6 ring-1 ring-white/20">
                <card.icon className="h-7 w-7 text-white" aria-hidden="true" />
                <h3 className="mt-4 text-lg font-semibold text-white">{card.title}</h3>
                <p className="mt-2 leading-7 text-white">{card.text}</p>
              </li>
            ))}
          </ul>
          <div className="mt-10 flex flex-col justify-center gap-3 sm:flex-row">
            <Link to="/register" className={buttonClasses({ variant: 'inverse', size: 'lg' })}>
              Sign Up Today
            </Link>
            <Link to="/pricing" className={buttonClasses({ variant: 'inverseOutline', size: 'lg' })}>
              View Pricing
            </Link>
          </div>
        </div>
      </Reveal>
      <Reveal>
        <div className="mt-8 flex flex-col items-start justify-between gap-6 rounded-2xl border border-slate-200 bg-white p-6 sm:p-8 md:flex-row md:items-center dark:border-slate-800 dark:bg-slate-900">
          <div className="flex gap-4">
            <div className="flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700 dark:bg-indigo-500/15 dark:text-indigo-300">
              <PlusCircle className="h-6 w-6" aria-hidden="true" />
            </div>
            <div>
              <h3 className="text-lg font-semibold text-slate-900 dark:text-white">
                Need more capacity? Add panels.
              </h3>
              <p className="mt-1 leading-7 text-slate-600 dark:text-slate-400">
                Add extra panels to any plan when you order, from {formatCents(LOWEST_ADDON_CENTS)} a month
                each. Every add-on panel brings {groupDigits(MAILBOX_SEATS_PER_ADDON)} more mailbox seats.
              </p>
            </div>
          </div>
          <Link
            to="/new-order"
            className={buttonClasses({ size: 'lg', className: 'w-full shrink-0 md:w-auto' })}
          >
            Subscribe With Add-Ons
          </Link>
        </div>
      </Reveal>
    </PageSection>
  );
}
