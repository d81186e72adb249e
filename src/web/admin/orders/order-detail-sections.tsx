import { cancelReasonLabel } from '../../../domain/cancel-reasons';
import { formatCents, plural } from '../../../domain/format';
import { inventoryBadge, orderBadge, paymentBadge } from '../../../domain/status';
import { formatDate, formatDateTime } from '../../lib/dates';
import { useNow } from '../../lib/use-now';
import { StatusBadge } from '../../ui/status-badge';
import { creditNotePdfPath, type OrderDetail } from '../api/orders-api';
import { DetailList, DetailRow, DetailSection, Facts } from '../shared/detail-parts';
import { detailsText } from '../shared/details-text';
import { eventLabel } from '../shared/event-labels';
import { paymentMethodName, planName, userLabel } from '../shared/labels';
import { adminPanelBilling } from '../shared/panel-billing-text';

const muted = 'text-slate-500 dark:text-slate-400';

export function OrderSummary({ detail }: { detail: OrderDetail }) {
  const { order } = detail;
  // A panel that ended and was restocked was delivered all the same.
  const delivered = detail.panels.length + order.restockedPanels;
  const period =
    order.currentPeriodStart && order.currentPeriodEnd
      ? `${formatDate(order.currentPeriodStart)} – ${formatDate(order.currentPeriodEnd)}${order.cancelAtPeriodEnd ? ' (cancels at the end)' : ''}`
      : '—';
  return (
    <Facts
      items={[
        { label: 'Status', value: <StatusBadge badge={orderBadge(order.status)} /> },
        {
          label: 'Plan',
          value: `${planName(order.planId)}${order.additionalPanels > 0 ? ` + ${order.additionalPanels} add-on panels` : ''}`,
        },
        { label: 'Panels', value: `${delivered} of ${order.quantity} delivered` },
        { label: 'Total', value: `${formatCents(order.totalCents)} / month` },
        { label: 'Payment method', value: paymentMethodName(order.paymentMethod, order.provider) },
        { label: 'Subscription', value: order.subscriptionStatus.replace(/_/g, ' ') },
        { label: 'Ordered', value: formatDateTime(order.createdAt) },
        { label: 'Paid', value: order.paidAt ? formatDateTime(order.paidAt) : 'Not yet' },
        { label: 'Current period', value: period },
        ...(order.status === 'canceled'
          ? [
              {
                label: 'Cancel reason',
                value: order.cancelReason ? cancelReasonLabel(order.cancelReason) : 'Not recorded',
              },
            ]
          : []),
      ]}
    />
  );
}

export function OrderCustomer({ detail }: { detail: OrderDetail }) {
  const { customer } = detail;
  if (!customer)
    return <p className="text-sm text-slate-600 dark:text-slate-400">The customer deleted their account.</p>;
  return (
    <Facts
      items={[
        { label: 'Name', value: customer.name },
        { label: 'Email', value: <span className="break-words">{customer.email}</span> },
        {
          label: 'User',
          value: <span className="font-mono text-xs break-words">{userLabel(customer.id)}</span>,
        },
      ]}
    />
  );
}

export function OrderPayments({ detail }: { detail: OrderDetail }) {
  return (
    <DetailSection title="Payments">
      <DetailList label="Payments" empty={detail.payments.length === 0 && 'No payment has been received.'}>
        {detail.payments.map((p) => (
          <DetailRow key={p.id}>
            <span className="min-w-0">
              <span className="font-medium text-slate-900 tabular-nums dark:text-white">
                {formatCents(p.amountCents)}
              </span>{' '}
              {p.invoice && (
                <span className="font-medium text-slate-700 dark:text-slate-300">{p.invoice} </span>
              )}
              <span className={muted}>
                {paymentMethodName(p.method)} · {formatDateTime(p.createdAt)}
                {p.providerChargeId && <span className="break-words"> · {p.providerChargeId}</span>}
              </span>
              {p.creditNote && (
                <>
                  {' · '}
                  <a
                    href={creditNotePdfPath(p.creditNote.id)}
                    download
                    className="font-medium text-brand-700 underline-offset-2 hover:underline dark:text-indigo-300"
                    aria-label={`Download credit note ${p.creditNote.label} (PDF)`}
                  >
                    {p.creditNote.label}
                  </a>
                </>
              )}
            </span>
            <StatusBadge badge={paymentBadge(p.status)} />
          </DetailRow>
        ))}
      </DetailList>
    </DetailSection>
  );
}

export function OrderPanels({ detail }: { detail: OrderDetail }) {
  const { order, panels } = detail;
  const now = useNow(60_000);
  const missing = order.quantity - panels.length - order.restockedPanels;
  return (
    <DetailSection title={`Panels (${panels.length} of ${order.quantity})`}>
      {missing > 0 && order.status === 'paid' && (
        <p className="text-sm text-amber-700 dark:text-amber-300">
          {plural(missing, 'panel is', 'panels are')} waiting for stock.
        </p>
      )}
      <DetailList
        label="Panels of this order"
        empty={panels.length === 0 && 'No panels have been delivered to this order.'}
      >
        {panels.map((panel) => {
          const billing = adminPanelBilling(panel, now);
          return (
            <DetailRow key={panel.id}>
              <span className="min-w-0 break-words text-slate-800 dark:text-slate-200">
                <span className={muted}>#{panel.id}</span> {panel.email}
                {billing && (
                  <span
                    className={`block text-xs ${billing.tone === 'warning' ? 'font-medium text-amber-800 dark:text-amber-300' : muted}`}
                  >
                    {billing.text}
                  </span>
                )}
              </span>
              <StatusBadge badge={inventoryBadge(panel.status)} />
            </DetailRow>
          );
        })}
      </DetailList>
    </DetailSection>
  );
}

export function OrderRefunds({ detail }: { detail: OrderDetail }) {
  if (detail.refundRequests.length === 0) return null;
  return (
    <DetailSection title="Refund requests">
      <DetailList label="Refund requests">
        {detail.refundRequests.map((r) => (
          <li key={r.id} className="space-y-1 px-3 py-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className={muted}>{formatDateTime(r.createdAt)}</span>
              <span className="font-medium text-slate-900 capitalize dark:text-white">{r.status}</span>
            </div>
            <p className="break-words text-slate-800 dark:text-slate-200">“{r.reason}”</p>
            {r.decisionNote && <p className={muted}>Note: {r.decisionNote}</p>}
          </li>
        ))}
      </DetailList>
    </DetailSection>
  );
}

export function OrderHistory({ detail }: { detail: OrderDetail }) {
  return (
    <DetailSection title="Status history">
      <ol className="space-y-3 border-l-2 border-slate-200 pl-4 text-sm dark:border-slate-700">
        {detail.history.map((h, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: history entries have no id; their order is fixed
          <li key={index} className="relative">
            <span
              aria-hidden="true"
              className="absolute top-1.5 -left-[1.4rem] h-2.5 w-2.5 rounded-full bg-brand-600 ring-2 ring-white dark:bg-indigo-400 dark:ring-slate-900"
            />
            <p className="font-medium text-slate-900 dark:text-white">{eventLabel(h.event)}</p>
            <p className={muted}>
              {formatDateTime(h.at)}
              {h.actor?.email && <span className="break-words"> · by {h.actor.email}</span>}
            </p>
            {detailsText(h.details) && <p className={`${muted} break-words`}>{detailsText(h.details)}</p>}
          </li>
        ))}
      </ol>
    </DetailSection>
  );
}
