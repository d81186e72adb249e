import { useQueryClient } from '@tanstack/react-query';
import { Banknote, CreditCard, FileDown } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api';
import { MY_ORDERS_QUERY_KEY, type MyOrder, resumeOrderCheckout } from '../../lib/api/my-orders-api';
import { usePermissions } from '../../lib/use-can';
import { cn } from '../../ui/cn';
import { DASHBOARD_QUERY_KEY } from '../api/dashboard-api';
import { orderNextStep } from './order-view';

const linkClasses =
  'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60 dark:text-indigo-300 dark:hover:bg-slate-800';

/**
 * Sends the customer back into the provider's checkout of a card order still waiting for
 * payment. The server asks the provider; a checkout that closed meanwhile is said so, and the
 * list reloads (the order now shows as canceled).
 */
function useResumeCheckout() {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<number | null>(null);
  const resume = async (orderId: number) => {
    setBusy(orderId);
    try {
      window.location.assign(await resumeOrderCheckout(orderId));
    } catch (error) {
      toast.error('Could not resume the checkout', {
        description: errorMessage(error, 'Please try again.'),
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: MY_ORDERS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
      ]);
    } finally {
      setBusy(null);
    }
  };
  return { busy, resume };
}

/**
 * Where an order's row leads: the payment instructions of a pending bank transfer
 * or crypto order, the checkout of a pending card order, the invoices (PDF) of a paid one; each
 * for the roles that may take it (paying and invoices are billing's, resuming is buying).
 */
export function OrderNextStep({ order, className }: { order: MyOrder; className?: string }) {
  const { busy, resume } = useResumeCheckout();
  const can = usePermissions();
  const next = orderNextStep(order);
  const allowed = next.kind === 'resume' ? can('orders.buy') : next.kind === 'none' || can('billing.read');
  const step = allowed ? next : ({ kind: 'none' } as const);
  switch (step.kind) {
    case 'instructions':
      return (
        <Link
          to={step.path}
          className={cn(linkClasses, className)}
          aria-label={`Payment instructions for order #${order.id}`}
        >
          <Banknote className="h-4 w-4" aria-hidden="true" />
          Payment instructions
        </Link>
      );
    case 'resume':
      return (
        <button
          type="button"
          onClick={() => void resume(order.id)}
          disabled={busy === order.id}
          className={cn(linkClasses, className)}
          aria-label={`Resume checkout for order #${order.id}`}
        >
          <CreditCard className="h-4 w-4" aria-hidden="true" />
          Resume checkout
        </button>
      );
    case 'invoices':
      return (
        <div className={cn('flex flex-wrap items-center gap-1', className)}>
          {step.shown.map((invoice) => (
            <a
              key={invoice.id}
              href={invoice.pdfPath}
              download
              className={linkClasses}
              aria-label={`Download invoice ${invoice.invoice} (PDF)`}
            >
              <FileDown className="h-4 w-4" aria-hidden="true" />
              {invoice.invoice}
            </a>
          ))}
          {step.more > 0 && (
            <Link
              to="/billing"
              className={linkClasses}
              aria-label={`${step.more} more invoices of order #${order.id} on Billing`}
            >
              +{step.more} more
            </Link>
          )}
        </div>
      );
    case 'none':
      return (
        <span className={cn('px-2 text-slate-500 dark:text-slate-400', className)}>
          <span aria-hidden="true">—</span>
          <span className="sr-only">Nothing to do</span>
        </span>
      );
  }
}
