import { Banknote, Bitcoin, CreditCard, type LucideIcon } from 'lucide-react';
import type { CheckoutMethod } from '../../../domain/pricing';
import type { SiteInfo } from '../../../domain/site';
import { Badge } from '../../ui/badge';
import { RadioCard } from '../../ui/radio-card';
import { choiceCardClasses, legendClasses, radioClasses } from './choice-card';

interface MethodText {
  label: string;
  detail: string;
  icon: LucideIcon;
  test?: boolean;
}

/** Labels as on /billing (docs/product.md §2); card names who takes the payment. */
function methodText(
  method: CheckoutMethod,
  cardProvider: SiteInfo['cardProvider'],
  cryptoCurrencies: readonly string[],
): MethodText {
  switch (method) {
    case 'card':
      return cardProvider === 'stripe'
        ? {
            label: 'Credit/Debit Card',
            detail: 'Visa, Mastercard, American Express. Secure checkout by Stripe.',
            icon: CreditCard,
          }
        : {
            label: 'Credit/Debit Card',
            detail: 'Sandbox test checkout: no real card is charged.',
            icon: CreditCard,
            test: true,
          };
    case 'crypto':
      return {
        label: 'Cryptocurrency',
        // The wallets the operator configured, never a promise of coins nobody takes (D3).
        detail: `Pay in ${cryptoCurrencies.join(', ') || 'cryptocurrency'}. The wallet addresses are shown once you order.`,
        icon: Bitcoin,
      };
    case 'bank_transfer':
      return {
        label: 'Bank Transfer',
        detail: 'We email you the payment instructions; panels are allocated once it arrives.',
        icon: Banknote,
      };
  }
}

/** A choice among the methods this installation takes (useSite().paymentMethods). */
export function PaymentMethodChoice({
  methods,
  cardProvider,
  cryptoCurrencies,
  value,
  disabled,
  onChange,
}: {
  methods: readonly CheckoutMethod[];
  cardProvider: SiteInfo['cardProvider'];
  cryptoCurrencies: readonly string[];
  value: CheckoutMethod;
  disabled: boolean;
  onChange: (method: CheckoutMethod) => void;
}) {
  return (
    <fieldset className="space-y-3">
      <legend className={`${legendClasses} mb-3`}>Payment method</legend>
      {methods.map((method) => {
        const { label, detail, icon: Icon, test } = methodText(method, cardProvider, cryptoCurrencies);
        const detailId = `method-${method}-detail`;
        return (
          <RadioCard
            key={method}
            name="payment-method"
            value={method}
            checked={value === method}
            disabled={disabled}
            onSelect={() => onChange(method)}
            label={label}
            describedBy={detailId}
            className={choiceCardClasses}
            radioClassName={radioClasses}
          >
            <Icon className="mt-0.5 h-5 w-5 shrink-0 text-slate-500 dark:text-slate-400" aria-hidden="true" />
            <div id={detailId} className="min-w-0 flex-1">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-white">
                {label}
                {test && (
                  <Badge tone="warning" className="px-2 py-0.5">
                    Test mode
                  </Badge>
                )}
              </p>
              <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-400">{detail}</p>
            </div>
          </RadioCard>
        );
      })}
    </fieldset>
  );
}
