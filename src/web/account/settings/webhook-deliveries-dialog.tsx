import { useQueryClient } from '@tanstack/react-query';
import { RotateCw } from 'lucide-react';
import { toast } from 'sonner';
import type { WebhookDelivery, WebhookEndpoint } from '../../../domain/api/webhooks';
import { WEBHOOK_DELIVERY_LOG_SIZE } from '../../../domain/webhooks';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { buttonsColumn } from '../../ui/column-kinds';
import type { Column } from '../../ui/column-table';
import { ColumnTableOrCards } from '../../ui/column-table-or-cards';
import { Dialog } from '../../ui/dialog';
import { RowActionButton } from '../../ui/row-action-button';
import { deliveriesQueryKey, resendDelivery, useWebhookDeliveries } from '../api/webhooks-api';
import { SectionEmpty, SectionQuery } from './section-loading';
import { canResend, deliveryStatus, durationText, responseText } from './webhook-texts';

const LABEL = 'Deliveries, newest first';

function StatusCell({ delivery }: { delivery: WebhookDelivery }) {
  const status = deliveryStatus(delivery);
  return (
    <div className="flex flex-col items-start gap-1">
      <Badge tone={status.tone} className="px-2.5 py-0.5">
        {status.label}
      </Badge>
      <span className="text-xs break-words text-slate-600 dark:text-slate-400">{responseText(delivery)}</span>
    </div>
  );
}

function ResendButton({ endpointId, delivery }: { endpointId: number; delivery: WebhookDelivery }) {
  const queryClient = useQueryClient();
  const resend = async () => {
    try {
      await resendDelivery(endpointId, delivery.id);
      toast.success('Sent again', { description: `${delivery.eventType} is on its way.` });
      await queryClient.invalidateQueries({ queryKey: deliveriesQueryKey(endpointId) });
    } catch (error) {
      toast.error('We could not resend it', { description: errorMessage(error, 'Please try again.') });
    }
  };
  return (
    <RowActionButton
      action={resend}
      // A message still queued (its first attempt, or a retry) will be sent anyway.
      disabled={!canResend(delivery)}
      label={`Resend ${delivery.eventType} of ${formatDateTime(delivery.createdAt)}`}
      busyText="Sending..."
    >
      Resend
    </RowActionButton>
  );
}

function DeliveryList({
  endpointId,
  deliveries,
}: {
  endpointId: number;
  deliveries: readonly WebhookDelivery[];
}) {
  const columns: Column<WebhookDelivery>[] = [
    { header: 'Event', cell: (d) => <code className="font-mono text-xs">{d.eventType}</code> },
    { header: 'Status', className: 'min-w-40', cell: (d) => <StatusCell delivery={d} /> },
    { header: 'Duration', className: 'whitespace-nowrap', cell: (d) => durationText(d.durationMs) },
    { header: 'Attempts', className: 'text-right', headClassName: 'text-right', cell: (d) => d.attempts },
    { header: 'Time', className: 'whitespace-nowrap', cell: (d) => formatDateTime(d.createdAt) },
    { ...buttonsColumn('Actions'), cell: (d) => <ResendButton endpointId={endpointId} delivery={d} /> },
  ];
  return (
    <ColumnTableOrCards
      label={LABEL}
      rows={deliveries}
      columns={columns}
      rowKey={(d) => d.id}
      card={{
        title: (d) => (
          <code className="min-w-0 font-mono text-sm break-all text-slate-900 dark:text-white">
            {d.eventType}
          </code>
        ),
        badge: (d) => (
          <Badge tone={deliveryStatus(d).tone} className="shrink-0 px-2.5 py-0.5">
            {deliveryStatus(d).label}
          </Badge>
        ),
        facts: (d) => [
          { term: 'Response', value: responseText(d), wide: true, className: 'break-words' },
          { term: 'Duration', value: durationText(d.durationMs) },
          { term: 'Attempts', value: d.attempts },
          { term: 'Time', value: formatDateTime(d.createdAt), wide: true },
        ],
        action: (d) => <ResendButton endpointId={endpointId} delivery={d} />,
      }}
    />
  );
}

function Deliveries({ endpointId }: { endpointId: number }) {
  const deliveries = useWebhookDeliveries(endpointId);
  return (
    <SectionQuery query={deliveries} what="the delivery log">
      {(data) => (
        <div className="space-y-4">
          {/* Also over an empty log: an event may be on its way while the log is open. */}
          <div className="flex justify-end">
            <Button
              variant="ghost"
              size="sm"
              disabled={deliveries.isFetching}
              onClick={() => void deliveries.refetch()}
            >
              <RotateCw
                className={deliveries.isFetching ? 'h-4 w-4 animate-spin' : 'h-4 w-4'}
                aria-hidden="true"
              />
              Refresh
            </Button>
          </div>
          {data.length === 0 ? (
            <SectionEmpty>
              Nothing has been sent to this endpoint yet. Send a test event to see one here.
            </SectionEmpty>
          ) : (
            <DeliveryList endpointId={endpointId} deliveries={data} />
          )}
        </div>
      )}
    </SectionQuery>
  );
}

/** An endpoint's delivery log: its latest messages, how each went, and 'Resend' for each. */
export function WebhookDeliveriesDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={endpoint !== null}
      onClose={onClose}
      title="Delivery log"
      // Wide enough for the table's six columns (about 49rem) without scrolling sideways.
      className="sm:max-w-4xl"
      description={
        <>
          The last {WEBHOOK_DELIVERY_LOG_SIZE} messages to <span className="break-all">{endpoint?.url}</span>.
          Failed ones are retried for about 27 hours.
        </>
      }
    >
      {endpoint && <Deliveries endpointId={endpoint.id} />}
    </Dialog>
  );
}
