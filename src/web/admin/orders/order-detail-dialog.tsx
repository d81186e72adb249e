import { useQuery } from '@tanstack/react-query';
import { Dialog } from '../../ui/dialog';
import { Skeleton } from '../../ui/skeleton';
import { orderDetailQuery } from '../api/orders-api';
import { DetailLoadError, DetailSection } from '../shared/detail-parts';
import { OrderActions } from './order-actions';
import {
  OrderCustomer,
  OrderHistory,
  OrderPanels,
  OrderPayments,
  OrderRefunds,
  OrderSummary,
} from './order-detail-sections';
import { OrderPanelAdditions } from './panel-additions-section';

function Loading() {
  return (
    <div role="status" aria-label="Loading the order" className="space-y-3">
      <Skeleton className="h-5 w-1/2" />
      <Skeleton className="h-24 w-full" />
      <Skeleton className="h-16 w-full" />
    </div>
  );
}

function OrderDetailBody({ orderId }: { orderId: number }) {
  const query = useQuery(orderDetailQuery(orderId));
  const detail = query.data;
  if (query.isPending) return <Loading />;
  if (!detail) return <DetailLoadError title="Failed to load the order" query={query} />;
  return (
    <div className="space-y-6">
      <OrderSummary detail={detail} />
      <DetailSection title="Customer">
        <OrderCustomer detail={detail} />
      </DetailSection>
      <OrderPayments detail={detail} />
      <OrderPanelAdditions detail={detail} />
      <OrderPanels detail={detail} />
      <OrderRefunds detail={detail} />
      <OrderHistory detail={detail} />
      <OrderActions detail={detail} />
    </div>
  );
}

/** One order in full (D11): customer, payments, panels, refunds and status history. */
export function OrderDetailDialog({ orderId, onClose }: { orderId: number | null; onClose: () => void }) {
  return (
    <Dialog
      open={orderId !== null}
      onClose={onClose}
      title={orderId !== null ? `Order #${orderId}` : 'Order'}
      className="sm:max-w-3xl"
    >
      {orderId !== null && <OrderDetailBody orderId={orderId} />}
    </Dialog>
  );
}
