import { useQuery } from '@tanstack/react-query';
import { Banknote, CircleCheck } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { DELIVERY_HOURS } from '../../../domain/constants';
import { formatCents, plural } from '../../../domain/format';
import { getPlan, isPlanId } from '../../../domain/plans';
import { AppPage } from '../../layout/app-page';
import { SectionCard } from '../../layout/section-card';
import { ApiRequestError } from '../../lib/api';
import { Alert } from '../../ui/alert';
import { Button, buttonClasses } from '../../ui/button';
import { LoadingScreen } from '../../ui/spinner';
import { getMyOrder, MY_ORDERS_QUERY_KEY, type MyOrder } from '../orders-api';
import { isManualMethod, MANUAL_INSTRUCTIONS } from './manual-instructions';

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-xl bg-slate-50 p-4 dark:bg-slate-800/60">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400">
        {label}
      </dt>
      <dd className="mt-1 text-xl font-bold text-slate-900 tabular-nums dark:text-white">{value}</dd>
    </div>
  );
}

function Instructions({ order }: { order: MyOrder }) {
  const planName = isPlanId(order.planId) ? getPlan(order.planId).name : order.planId;
  const method = isManualMethod(order.paymentMethod) ? order.paymentMethod : 'bank_transfer';
  const { title, steps } = MANUAL_INSTRUCTIONS[method];

  if (order.status === 'paid' || order.status === 'completed') {
    return (
      <Alert tone="success" title="Payment received">
        We have confirmed your payment for order {order.id}. Your panels are on their way to your{' '}
        <Link to="/dashboard" className="underline">
          dashboard
        </Link>
        .
      </Alert>
    );
  }
  if (order.status !== 'pending_payment') {
    return (
      <div className="space-y-4">
        <Alert tone="info" title="This order is no longer open">
          Order {order.id} was {order.status}. Nothing is due for it.
        </Alert>
        <Link to="/new-order" className={buttonClasses()}>
          Return to Order Page
        </Link>
      </div>
    );
  }
  return (
    <>
      <SectionCard
        title={title}
        description={`${planName} plan, ${plural(order.quantity, 'admin panel')}, billed monthly`}
        icon={<Banknote className="h-5 w-5" />}
      >
        <dl className="grid gap-3 sm:grid-cols-2">
          <Fact label="Amount due" value={`${formatCents(order.totalCents)} USD`} />
          <Fact label="Reference" value={`Order ${order.id}`} />
        </dl>
        <ol className="mt-6 list-decimal space-y-2 pl-5 text-sm text-slate-700 dark:text-slate-300">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
      </SectionCard>
      <Alert tone="info" title="We emailed you these instructions">
        Keep the email for the reference. Questions? Reply to it, or visit the{' '}
        <Link to="/help" className="underline">
          Help Center
        </Link>
        .
      </Alert>
      <SectionCard title="What happens next" icon={<CircleCheck className="h-5 w-5" />}>
        <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700 dark:text-slate-300">
          <li>We match your payment to the reference and confirm it; your order stays pending until then.</li>
          <li>
            Once confirmed, your {plural(order.quantity, 'admin panel is', 'admin panels are')} allocated,
            within about {DELIVERY_HOURS} hours.
          </li>
          <li>We email you when the payment is confirmed and again when your panels are ready.</li>
        </ul>
      </SectionCard>
    </>
  );
}

/** /checkout/manual/:orderId: how to pay by bank transfer or crypto (D6, manual provider). */
export default function ManualInstructionsPage() {
  const { orderId } = useParams();
  const orders = useQuery({
    queryKey: [...MY_ORDERS_QUERY_KEY, 'one', orderId],
    // Another customer's order answers 404 (and a malformed number 400): "Order not found".
    queryFn: async () => {
      try {
        return await getMyOrder(orderId ?? '');
      } catch (error) {
        if (error instanceof ApiRequestError && (error.status === 404 || error.status === 400)) return null;
        throw error;
      }
    },
  });
  const order = orders.data ?? undefined;

  return (
    <AppPage title="Payment instructions" description="Your order is waiting for your payment.">
      {orders.isPending ? (
        <LoadingScreen label="Loading your order" className="min-h-64" />
      ) : orders.isError ? (
        <div className="space-y-4">
          <Alert tone="error" title="We could not load your order">
            Check your connection and try again.
          </Alert>
          <Button variant="outline" onClick={() => void orders.refetch()}>
            Retry
          </Button>
        </div>
      ) : order ? (
        <Instructions order={order} />
      ) : (
        <div className="space-y-4">
          <Alert tone="error" title="Order not found">
            This order does not exist or belongs to another account.
          </Alert>
          <Link to="/new-order" className={buttonClasses({ variant: 'outline' })}>
            Return to Order Page
          </Link>
        </div>
      )}
    </AppPage>
  );
}
