import { useQuery } from '@tanstack/react-query';
import { Banknote, Bitcoin, CircleCheck } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { cancelReasonText } from '../../../domain/cancel-reasons';
import { DELIVERY_HOURS } from '../../../domain/constants';
import { formatCents, plural } from '../../../domain/format';
import type { PaymentInstructions } from '../../../domain/payment-details';
import { AppPage } from '../../layout/app-page';
import { SectionCard } from '../../layout/section-card';
import { ApiRequestError } from '../../lib/api';
import { formatDate } from '../../lib/dates';
import { Alert } from '../../ui/alert';
import { buttonClasses } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { LoadingScreen } from '../../ui/spinner';
import { getPaymentInstructions, paymentInstructionsQueryKey } from '../api/orders-api';
import { CancelManualOrder } from './cancel-manual-order';
import { DeadEnd } from './dead-end';
import { MANUAL_INSTRUCTIONS } from './manual-instructions';
import { PaymentDetails } from './payment-details';

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

function Due({ instructions }: { instructions: PaymentInstructions }) {
  const due = instructions.due;
  if (!due) return null;
  const { title, steps } = MANUAL_INSTRUCTIONS[instructions.method];
  const Icon = instructions.method === 'crypto' ? Bitcoin : Banknote;
  const renewal = due.kind === 'renewal';
  return (
    <>
      {renewal && (
        <Alert tone="info" title="Your subscription renewal is due">
          Order {instructions.orderId} renews by hand: pay the next month by {formatDate(due.dueAt)} to keep
          your panels active. Once we confirm it, the invoice appears on{' '}
          <Link to="/billing" className="underline">
            Billing
          </Link>
          .
        </Alert>
      )}
      <SectionCard
        title={title}
        description={`${instructions.planName} plan, ${plural(instructions.quantity, 'admin panel')}, billed monthly`}
        icon={<Icon className="h-5 w-5" />}
      >
        <dl className="grid gap-3 sm:grid-cols-3">
          <Fact label="Amount due" value={`${formatCents(due.amountCents)} USD`} />
          <Fact label="Reference" value={due.reference} />
          <Fact label="Pay by" value={formatDate(due.dueAt)} />
        </dl>
        <ol className="mt-6 list-decimal space-y-2 pl-5 text-sm text-slate-700 dark:text-slate-300">
          {steps.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <div className="mt-6">
          <PaymentDetails instructions={instructions} />
        </div>
      </SectionCard>
      <Alert tone="info" title="We emailed you these instructions">
        Keep the email for the reference. Questions? Reply to it, or visit the{' '}
        <Link to="/help" className="underline">
          Help Center
        </Link>
        .
      </Alert>
      {!renewal && (
        <SectionCard title="What happens next" icon={<CircleCheck className="h-5 w-5" />}>
          <ul className="list-disc space-y-2 pl-5 text-sm text-slate-700 dark:text-slate-300">
            <li>
              We match your payment to the reference and confirm it; your order stays pending until then, at
              the latest until {formatDate(due.dueAt)}.
            </li>
            <li>
              Once confirmed, your {plural(instructions.quantity, 'admin panel is', 'admin panels are')}{' '}
              allocated, within about {DELIVERY_HOURS} hours.
            </li>
            <li>We email you when the payment is confirmed and again when your panels are ready.</li>
          </ul>
        </SectionCard>
      )}
      {instructions.cancelable && (
        <CancelManualOrder orderId={instructions.orderId} amountCents={due.amountCents} />
      )}
    </>
  );
}

function Instructions({ instructions }: { instructions: PaymentInstructions }) {
  const { orderId, status } = instructions;
  if (instructions.due) return <Due instructions={instructions} />;
  if (status === 'paid' || status === 'completed') {
    return (
      <Alert tone="success" title="Payment received">
        We have confirmed your payment for order {orderId}. Your panels are on their way to your{' '}
        <Link to="/dashboard" className="underline">
          dashboard
        </Link>
        ; renewals are due on{' '}
        <Link to="/billing" className="underline">
          Billing
        </Link>
        .
      </Alert>
    );
  }
  const reason = instructions.cancelReason ? cancelReasonText(instructions.cancelReason) : null;
  return (
    <div className="space-y-4">
      <Alert
        tone="info"
        title={status === 'canceled' ? `Order ${orderId} is canceled` : 'This order is no longer open'}
      >
        {status === 'canceled'
          ? [
              instructions.canceledAt ? `Canceled on ${formatDate(instructions.canceledAt)}.` : null,
              reason,
              'Nothing is due for it.',
            ]
              .filter(Boolean)
              .join(' ')
          : `Order ${orderId} was ${status}. Nothing is due for it.`}
      </Alert>
      <Link to="/new-order" className={buttonClasses()}>
        Return to Order Page
      </Link>
    </div>
  );
}

function NotFound({ notManual }: { notManual: boolean }) {
  return notManual ? (
    <DeadEnd
      title="No payment instructions for this order"
      text="This order is paid by card; see it under Orders."
      to="/orders"
      linkLabel="Go to Orders"
    />
  ) : (
    <DeadEnd
      title="Order not found"
      text="This order does not exist or belongs to another account."
      to="/new-order"
      linkLabel="Return to Order Page"
    />
  );
}

/**
 * /checkout/manual/:orderId: how to pay a bank transfer or crypto order (D6), its first
 * payment or a renewal, with the configured details; the customer can cancel it from here.
 */
export default function ManualInstructionsPage() {
  const { orderId = '' } = useParams();
  const query = useQuery({
    queryKey: paymentInstructionsQueryKey(orderId),
    // Another customer's order answers 404 (a malformed number 400, a card order 409).
    queryFn: async () => {
      try {
        return await getPaymentInstructions(orderId);
      } catch (error) {
        if (error instanceof ApiRequestError && [400, 404, 409].includes(error.status)) {
          return { missing: error.status === 409 ? ('not_manual' as const) : ('not_found' as const) };
        }
        throw error;
      }
    },
    refetchOnMount: 'always',
  });
  const data = query.data;

  return (
    <AppPage title="Payment instructions" description="Where and how much to pay for your order.">
      {query.isPending ? (
        <LoadingScreen label="Loading your order" className="min-h-64" />
      ) : query.isError || !data ? (
        <LoadError
          title="We could not load your order"
          onRetry={() => void query.refetch()}
          retryIcon={false}
        />
      ) : 'missing' in data ? (
        <NotFound notManual={data.missing === 'not_manual'} />
      ) : (
        <Instructions instructions={data} />
      )}
    </AppPage>
  );
}
