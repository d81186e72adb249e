import {
  PAYMENT_HISTORY_LOAD_FAILED,
  PAYMENT_HISTORY_LOAD_FAILED_DESCRIPTION,
} from '../../../domain/messages';
import { AppPage } from '../../layout/app-page';
import { RoleGate } from '../../layout/role-gate';
import { LoadError } from '../../ui/load-error';
import { PastDueBanner } from '../shared/past-due-banner';
import { PendingPaymentsNotice } from '../shared/pending-payments-notice';
import { BillingProfileSection } from './billing-profile-section';
import { BillingStats } from './billing-stats';
import { PaymentMethods } from './payment-methods';
import { PurchaseHistory } from './purchase-history';
import { SubscriptionsSection } from './subscriptions-section';
import { useBilling } from './use-billing';

/**
 * /billing (docs/product.md §2; D8, D12): totals, subscriptions, purchase history with invoices,
 * payment methods. For the roles that may read the workspace's billing.
 */
export default function BillingPage() {
  return (
    <AppPage wide title="Billing & Invoices" description="Your subscriptions, payments and invoices.">
      <RoleGate permission="billing.read" what="billing">
        <Billing />
      </RoleGate>
    </AppPage>
  );
}

function Billing() {
  const billing = useBilling();
  const { data } = billing;
  return (
    <>
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
    </>
  );
}
