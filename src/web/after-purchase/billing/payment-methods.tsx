import { Bitcoin, CreditCard, Landmark, type LucideIcon } from 'lucide-react';
import type { SiteInfo } from '../../../domain/site';
import { useSite } from '../../lib/site';
import { Badge } from '../../ui/badge';
import { Card } from '../../ui/card';

type Method = SiteInfo['paymentMethods'][number];

const METHODS: ReadonlyArray<{ id: Method; name: string; detail?: string; icon: LucideIcon }> = [
  { id: 'card', name: 'Credit/Debit Card', detail: 'Visa, Mastercard, American Express', icon: CreditCard },
  { id: 'crypto', name: 'Cryptocurrency', detail: 'Bitcoin, Ethereum or others', icon: Bitcoin },
  { id: 'bank_transfer', name: 'Bank Transfer', icon: Landmark },
];

/**
 * Spec "Payment Methods": the three ways to pay, each marked 'Available' only when this
 * installation takes it (a method we cannot take must not be advertised as available).
 */
export function PaymentMethods() {
  const { paymentMethods } = useSite();
  return (
    <Card className="overflow-hidden">
      <section aria-labelledby="payment-methods-title">
        <div className="px-5 pt-5 pb-4 sm:px-6">
          <h2 id="payment-methods-title" className="text-base font-semibold text-slate-900 dark:text-white">
            Payment Methods
          </h2>
          <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">
            You choose how to pay with each new order.
          </p>
        </div>
        <ul className="divide-y divide-slate-200 border-t border-slate-200 dark:divide-slate-800 dark:border-slate-800">
          {METHODS.map(({ id, name, detail, icon: Icon }) => {
            const available = paymentMethods.includes(id);
            return (
              <li key={id} className="flex items-center gap-4 px-5 py-4 sm:px-6">
                <span
                  aria-hidden="true"
                  className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300"
                >
                  <Icon className="h-5 w-5" />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="font-medium text-slate-900 dark:text-white">{name}</p>
                  {detail && <p className="text-sm text-slate-600 dark:text-slate-400">({detail})</p>}
                </div>
                <Badge tone={available ? 'success' : 'neutral'}>
                  {available ? 'Available' : 'Not available'}
                </Badge>
              </li>
            );
          })}
        </ul>
      </section>
    </Card>
  );
}
