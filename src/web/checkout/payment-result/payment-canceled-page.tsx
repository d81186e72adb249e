import { CircleX } from 'lucide-react';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PAYMENT_CANCELED_TEXT, PAYMENT_CANCELED_TITLE } from '../../../domain/messages';
import { usePageTitle } from '../../lib/use-page-title';
import { buttonClasses } from '../../ui/button';
import { abandonOrder } from '../api/orders-api';
import { clearCurrentOrder, readCurrentOrder } from '../current-order';
import { ResultPanel } from '../result-panel';
import { canceledOrderIdFrom } from './payment-ids';

/**
 * Tells the server the customer left the checkout, so the unpaid order reads 'canceled'
 * at once instead of waiting for the provider's session to expire. The server ignores it
 * for an order that was paid after all; a failure changes nothing the customer can see.
 */
function useAbandonOrder(orderId: string | null): void {
  useEffect(() => {
    if (!orderId) return;
    if (readCurrentOrder() === orderId) clearCurrentOrder();
    abandonOrder(orderId).catch(() => undefined);
  }, [orderId]);
}

/** /payment-canceled (docs/product.md §2): its exact title, text and two buttons. */
export default function PaymentCanceledPage() {
  const [params] = useSearchParams();
  useAbandonOrder(canceledOrderIdFrom(params));
  usePageTitle(PAYMENT_CANCELED_TITLE);

  return (
    <ResultPanel
      tone="warning"
      icon={<CircleX className="h-8 w-8" />}
      title={PAYMENT_CANCELED_TITLE}
      subtitle={<p>{PAYMENT_CANCELED_TEXT}</p>}
      footer={
        <>
          <Link to="/help" className={buttonClasses({ variant: 'outline' })}>
            Get Support
          </Link>
          <Link to="/new-order" className={buttonClasses()}>
            Return to Order Page
          </Link>
        </>
      }
    />
  );
}
