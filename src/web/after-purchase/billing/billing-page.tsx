import {
  PAYMENT_HISTORY_LOAD_FAILED,
  PAYMENT_HISTORY_LOAD_FAILED_DESCRIPTION,
} from '../../../domain/messages';
import { AppPage } from '../../layout/app-page';
import { LoadError } from '../../ui/load-error';
import { PastDueBanner } from '../shared/past-due-banner';
import { PendingPaymentsNotice } from '../shared/pending-payments-notice';
import { BillingProfileSection } from './billing-profile-section';
import { BillingStats } from './billing-stats';
import { PaymentMethods } from './payment-methods';
import { PurchaseHistory } from './purchase-history';
import { SubscriptionsSection } from './subscriptions-section';
import { useBilling } from './use-billing';

/** /billing (docs/product.md §2; D8, D12): totals, subscriptions, purchase history with invoices, payment methods. */
export default function BillingPage() {
  const billing = useBilling();
  const { data } = billing;
  return (
    <AppPage wide title="Billing & Invoices" description="Your subscriptions, payments and invoices.">
      {billing.isError && !data ? (
        // D3: the failure and a retry, never invented figures.
        <LoadError
          title={PAYMENT_HISTORY_LOAD_FAILED}
          description={PAYMENT_HISTORY_LOAD_FAILED_DESCRIPTION}
          onRetry={() => void billing.refetch()}
          retrying={billing.isFetching}
        />
      ) : (
        <>
          <PastDueBanner />
          <PendingPaymentsNotice />
          <BillingStats billing={data} />
          <SubscriptionsSection subscriptions={data?.subscriptions} />
          <PurchaseHistory history={data?.history} />
        </>
      )}
      <BillingProfileSection />
      <PaymentMethods />
    </AppPage>
  );
}
