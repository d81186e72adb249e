import { ShieldCheck } from 'lucide-react';
import {
  TERM_BILLED_MONTHLY,
  TERM_CANCEL,
  TERM_DELIVERY,
  TERM_MONEY_BACK,
  TERM_NO_PRORATA,
  TERM_NON_TRANSFERABLE,
  TERM_SEPARATE_RENEWAL,
} from '../../lib/terms';
import { FeatureList } from '../../ui/feature-list';

// The plan terms of docs/product.md §1, worded once for the help and pricing pages too.
const BENEFITS = [
  TERM_BILLED_MONTHLY,
  TERM_SEPARATE_RENEWAL,
  TERM_CANCEL,
  TERM_MONEY_BACK,
  TERM_NO_PRORATA,
  TERM_NON_TRANSFERABLE,
  TERM_DELIVERY,
] as const;

/** The documented 'Subscription Benefits' box of /new-order. */
export function SubscriptionBenefits() {
  return (
    <section
      aria-labelledby="subscription-benefits-title"
      className="rounded-2xl border border-brand-100 bg-brand-50/70 p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <h2
        id="subscription-benefits-title"
        className="flex items-center gap-2 text-base font-semibold text-slate-900 dark:text-white"
      >
        <ShieldCheck className="h-5 w-5 text-brand-600 dark:text-indigo-300" aria-hidden="true" />
        Subscription Benefits
      </h2>
      <FeatureList items={BENEFITS} className="mt-4 space-y-2.5" />
    </section>
  );
}
