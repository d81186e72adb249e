import { CreditCard, LayoutDashboard, type LucideIcon, Mail, Server } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DELIVERY_HOURS } from '../../../domain/constants';
import { textLinkClasses } from '../../ui/text-link';

interface Step {
  id: string;
  icon: LucideIcon;
  text: ReactNode;
}

// The four things that happen after a successful payment (docs/product.md §2, /payment-success).
const STEPS: readonly Step[] = [
  {
    id: 'create',
    icon: Server,
    text: `Your admin panels are being created. Delivery takes up to ${DELIVERY_HOURS} hours.`,
  },
  { id: 'email', icon: Mail, text: 'You will receive an email confirmation of your order.' },
  {
    id: 'dashboard',
    icon: LayoutDashboard,
    text: 'Your panels will appear on your dashboard as soon as they are ready.',
  },
  {
    id: 'billing',
    icon: CreditCard,
    text: (
      <>
        Manage your subscription on the{' '}
        <Link to="/billing" className={textLinkClasses}>
          Billing
        </Link>{' '}
        page.
      </>
    ),
  },
];

export function NextSteps() {
  return (
    <section aria-labelledby="next-steps-title" className="rounded-xl bg-slate-50 p-5 dark:bg-slate-800/50">
      <h2 id="next-steps-title" className="text-sm font-semibold text-slate-900 dark:text-white">
        What happens next
      </h2>
      <ol className="mt-4 space-y-3.5">
        {STEPS.map(({ id, icon: Icon, text }) => (
          <li key={id} className="flex gap-3 text-sm text-slate-700 dark:text-slate-300">
            <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-white text-brand-600 shadow-sm ring-1 ring-slate-200 dark:bg-slate-900 dark:text-indigo-300 dark:ring-slate-700">
              <Icon className="h-3.5 w-3.5" aria-hidden="true" />
            </span>
            <span className="pt-1">{text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
