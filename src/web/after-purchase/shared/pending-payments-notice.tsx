import { useQuery } from '@tanstack/react-query';
import { Banknote } from 'lucide-react';
import { Link } from 'react-router';
import { formatCents } from '../../../domain/format';
import { myOrdersQuery } from '../../lib/api/my-orders-api';
import { formatDate } from '../../lib/dates';
import { useCan } from '../../lib/use-can';
import { textLinkClasses } from '../../ui/text-link';
import { NoticeBand } from './notice-band';

const METHOD = { bank_transfer: 'bank transfer', crypto: 'crypto' } as Record<string, string>;

/**
 * Bank transfer and crypto orders still waiting for the customer's payment, each with the way
 * back to its instructions (D6), so an order placed and left is never a dead end. Shown on
 * /dashboard and /billing; renders nothing when no such order waits, and for roles that do not
 * see the workspace's billing (the instructions are part of it).
 */
export function PendingPaymentsNotice() {
  const canSeeBilling = useCan('billing.read');
  // The newest page of pending orders: a customer has a handful at most.
  const query = useQuery({
    ...myOrdersQuery({ page: 1, status: 'pending_payment' }),
    enabled: canSeeBilling,
  });
  const waiting = (query.data?.items ?? []).filter((order) => order.instructionsPath !== null);
  if (!canSeeBilling || waiting.length === 0) return null;
  return (
    <NoticeBand
      id="pending-payments-title"
      tone="amber"
      icon={Banknote}
      title={
        waiting.length === 1 ? 'An order is waiting for your payment' : 'Orders waiting for your payment'
      }
    >
      <ul className="mt-2 space-y-1.5">
        {waiting.map((order) => (
          <li key={order.id} className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5">
            <span>
              Order #{order.id} · {formatCents(order.totalCents)} by{' '}
              {METHOD[order.paymentMethod] ?? 'bank transfer'} · ordered {formatDate(order.createdAt)}
            </span>
            <Link
              to={order.instructionsPath ?? '/orders'}
              className={textLinkClasses}
              aria-label={`Payment instructions for order #${order.id}`}
            >
              Payment instructions
            </Link>
          </li>
        ))}
      </ul>
    </NoticeBand>
  );
}
