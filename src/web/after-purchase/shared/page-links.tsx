import { ArrowRight } from 'lucide-react';
import { Link } from 'react-router';
import { useCan } from '../../lib/use-can';
import { buttonClasses } from '../../ui/button';
import { textLinkClasses } from '../../ui/text-link';

/** The way from a short list of orders to all of them. */
export function ViewAllOrdersLink() {
  return (
    <Link to="/orders" className={`${textLinkClasses} inline-flex items-center gap-1`}>
      View all orders
      <ArrowRight className="h-4 w-4" aria-hidden="true" />
    </Link>
  );
}

/** The header action of the customer's pages: start another order (for roles that buy). */
export function NewOrderLink() {
  if (!useCan('orders.buy')) return null;
  return (
    <Link to="/new-order" className={buttonClasses()}>
      + New Order
    </Link>
  );
}

/** From the dashboard to the subscriptions on /billing, where panels join one's renewal date. */
export function AddPanelsLink() {
  const canBuy = useCan('orders.buy');
  const canSeeBilling = useCan('billing.read');
  if (!canBuy || !canSeeBilling) return null;
  return (
    <Link to="/billing" className={buttonClasses({ variant: 'outline' })}>
      Add panels
    </Link>
  );
}
