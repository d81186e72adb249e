import { DELIVERY_HOURS } from '../../../../domain/constants';
import { ArrowRight } from '../../../lib/icons/arrow-right';
import { CheckCircle2 } from '../../../lib/icons/check-circle-2';
import { buttonClasses } from '../../../ui/button';
import { DOMAINS_TEXT, HEADLINE_STATS, SEATS_PER_PANEL_TEXT } from '../../content/claims';
import { Link } from '../../layout/site-navigation';
import { PanelPreview } from './panel-preview';

export function Hero() {
  return (
    <section
      aria-labelledby="hero-title"
      className="relative isolate overflow-hidden bg-[radial-gradient(ellipse_70rem_32rem_at_50%_-10%,var(--color-brand-100),transparent_70%)] pt-32 pb-20 sm:pt-40 sm:pb-28 dark:bg-[radial-gradient(ellipse_70rem_32rem_at_50%_-10%,rgb(99_102_241/0.18),transparent_70%)]"
    >
      <div className="mx-auto grid max-w-7xl items-center gap-16 px-4 sm:px-6 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="inline-flex items-center gap-2 rounded-full border border-brand-100 bg-white px-3 py-1 text-sm font-medium text-brand-700 shadow-sm dark:border-slate-700 dark:bg-slate-900 dark:text-indigo-300">
            <CheckCircle2 className="h-4 w-4" aria-hidden="true" />
            Panels delivered within about {DELIVERY_HOURS} hours
          </p>
          <h1
            id="hero-title"
            className="mt-6 text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl dark:text-white"
          >
            Mailbox admin panels for your whole organization
          </h1>
          <p className="mt-6 max-w-xl text-lg leading-8 text-slate-600 dark:text-slate-300">
            Each admin panel manages up to {SEATS_PER_PANEL_TEXT} mailboxes across {DOMAINS_TEXT} domains.
            Choose a plan, pay monthly, and manage every panel from one dashboard. Unlimited users, no
            per-user pricing and no hidden fees.
          </p>
          <div className="mt-10 flex flex-col gap-3 sm:flex-row">
            <Link to="/register" className={buttonClasses({ size: 'lg' })}>
              Get Started
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
            <Link to="/pricing" className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              View Plans
            </Link>
          </div>
        </div>
        <PanelPreview />
      </div>
      <dl className="mx-auto mt-20 grid max-w-7xl grid-cols-2 gap-x-4 gap-y-6 px-4 sm:px-6 lg:grid-cols-4 lg:px-8">
        {HEADLINE_STATS.map((stat) => (
          <div
            key={stat.label}
            className="flex flex-col-reverse justify-end gap-1 border-l-2 border-brand-600 py-2 pl-4"
          >
            <dt className="text-sm text-slate-600 dark:text-slate-400">{stat.label}</dt>
            <dd className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl dark:text-white">
              {stat.value}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
