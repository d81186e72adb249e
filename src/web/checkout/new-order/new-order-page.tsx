import { type FormEvent, useReducer } from 'react';
import { useSearchParams } from 'react-router';
import { AppPage } from '../../layout/app-page';
import { RoleGate } from '../../layout/role-gate';
import { useTaxTreatment } from '../../lib/api/tax-api';
import { useSite } from '../../lib/site';
import { Card } from '../../ui/card';
import { AddonSelect } from './addon-select';
import { initialSelection, quoteFor, selectionReducer } from './order-selection';
import { OrderSummary } from './order-summary';
import { PaymentMethodChoice } from './payment-method-choice';
import { PlanChoice } from './plan-choice';
import { SubscriptionBenefits } from './subscription-benefits';
import { useCheckout } from './use-checkout';

function OrderForm({ planParam }: { planParam: string | null }) {
  const { paymentMethods, cardProvider, cryptoCurrencies } = useSite();
  const [selection, dispatch] = useReducer(selectionReducer, undefined, () =>
    initialSelection(planParam, paymentMethods),
  );
  const { submit, busy, error } = useCheckout();
  // Until the customer's VAT treatment is known the total is the list price, as the server's
  // would be; a reverse-charge buyer sees it change to the net price they will pay.
  const tax = useTaxTreatment();
  const quote = quoteFor(selection, tax.data);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!busy) void submit(selection);
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="grid items-start gap-6 xl:grid-cols-[minmax(0,1fr)_20rem]"
    >
      <Card className="space-y-8 p-5 sm:p-6">
        <PlanChoice
          value={selection.planId}
          disabled={busy}
          onChange={(planId) => dispatch({ type: 'plan', planId })}
        />
        <AddonSelect
          planId={selection.planId}
          value={selection.additionalPanels}
          disabled={busy}
          onChange={(count) => dispatch({ type: 'addons', count })}
        />
        {paymentMethods.length > 0 && (
          <PaymentMethodChoice
            methods={paymentMethods}
            cardProvider={cardProvider}
            cryptoCurrencies={cryptoCurrencies}
            value={selection.method}
            disabled={busy}
            onChange={(method) => dispatch({ type: 'method', method })}
          />
        )}
      </Card>
      <div className="space-y-6 xl:sticky xl:top-24">
        <OrderSummary
          planId={selection.planId}
          additionalPanels={selection.additionalPanels}
          quote={quote}
          busy={busy}
          error={error}
        />
        <SubscriptionBenefits />
      </div>
    </form>
  );
}

/** /new-order (docs/product.md §2): plan, add-on panels, payment method, total, checkout. */
export default function NewOrderPage() {
  const [params] = useSearchParams();
  const planParam = params.get('plan');
  return (
    <AppPage
      title="Choose Your Plan"
      description="Pick a plan, add panels if you need more capacity, and continue to payment."
    >
      <RoleGate permission="orders.buy" what="buying">
        {/* A new ?plan= link (the sidebar's 'Start new order', a plan card) starts a fresh selection. */}
        <OrderForm key={planParam ?? ''} planParam={planParam} />
      </RoleGate>
    </AppPage>
  );
}
