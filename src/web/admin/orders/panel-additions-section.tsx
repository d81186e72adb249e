import { useState } from 'react';
import { z } from 'zod';
import { formatCentsExact, plural } from '../../../domain/format';
import type { Badge } from '../../../domain/status';
import { formatDate } from '../../lib/dates';
import { Button } from '../../ui/button';
import { StatusBadge } from '../../ui/status-badge';
import { ZodFormDialog } from '../../ui/zod-form-dialog';
import { type OrderDetail, recordPanelAddition } from '../api/orders-api';
import { DetailList, DetailRow, DetailSection } from '../shared/detail-parts';
import { paymentMethodName } from '../shared/labels';
import { useAdminActionForm } from '../shared/use-admin-action-form';
import { PaymentReferenceField } from './payment-reference-field';

type Addition = OrderDetail['panelAdditions'][number];

const BADGES: Record<Addition['status'], Badge> = {
  pending: { label: 'awaiting payment', tone: 'yellow' },
  paid: { label: 'paid', tone: 'green' },
  expired: { label: 'lapsed unpaid', tone: 'red' },
};

const referenceSchema = z.object({ reference: z.string().trim() });

/**
 * 'Record payment' of panels a bank transfer or crypto customer asked to add (D8): the amount is
 * the one invoiced, so the admin only confirms the money arrived with its reference.
 */
function RecordAdditionDialog({
  orderId,
  addition,
  onClose,
}: {
  orderId: number;
  addition: Addition;
  onClose: () => void;
}) {
  const form = useAdminActionForm({
    schema: referenceSchema,
    initialValues: { reference: '' },
    action: ({ reference }) => recordPanelAddition(orderId, addition.id, reference ? { reference } : {}),
    texts: {
      success: (result) =>
        result.recorded
          ? {
              title: 'Panels added',
              description: `${plural(addition.panels, 'panel')} joined order #${orderId}; ${result.invoice ?? 'the invoice'} issued.`,
            }
          : { title: 'Already recorded', description: 'This addition was recorded before; nothing changed.' },
      failure: 'Could not record the payment',
    },
    onClose,
  });
  return (
    <ZodFormDialog
      form={form}
      title={`Record the payment of ${plural(addition.panels, 'added panel')}`}
      description={`Order #${orderId}, ${paymentMethodName(addition.method)}`}
      confirm={{ label: 'Record payment and add panels', busyLabel: 'Recording...' }}
    >
      <p>
        Only record money that has arrived:{' '}
        <strong className="text-slate-900 dark:text-white">{formatCentsExact(addition.amountCents)}</strong>{' '}
        with reference <strong className="text-slate-900 dark:text-white">{addition.reference}</strong>. The
        panels are then taken from stock and join the order until {formatDate(addition.renewsAt)}; the
        customer gets an invoice and an e-mail. If the stock cannot cover them, nothing is recorded: add stock
        first.
      </p>
      <PaymentReferenceField id="addition-reference" {...form.bind('reference')} />
    </ZodFormDialog>
  );
}

/** Panels the customer asked to add by bank transfer or crypto, and the record of their money. */
export function OrderPanelAdditions({ detail }: { detail: OrderDetail }) {
  const [recording, setRecording] = useState<Addition | null>(null);
  if (detail.panelAdditions.length === 0) return null;
  return (
    <DetailSection title="Added panels (invoiced)">
      <DetailList label="Added panels">
        {detail.panelAdditions.map((a) => (
          <DetailRow key={a.id}>
            <span className="min-w-0">
              <span className="font-medium text-slate-900 dark:text-white">
                {plural(a.panels, 'panel')} for {formatCentsExact(a.amountCents)}
              </span>{' '}
              <span className="text-slate-500 dark:text-slate-400">
                · {a.reference} ·{' '}
                {a.status === 'paid' && a.paidAt
                  ? `paid ${formatDate(a.paidAt)}`
                  : `pay by ${formatDate(a.expiresAt)}`}
              </span>
            </span>
            <span className="flex items-center gap-2">
              <StatusBadge badge={BADGES[a.status]} />
              {a.status === 'pending' && (
                <Button size="sm" onClick={() => setRecording(a)}>
                  Record payment
                </Button>
              )}
            </span>
          </DetailRow>
        ))}
      </DetailList>
      {recording && (
        <RecordAdditionDialog
          orderId={detail.order.id}
          addition={recording}
          onClose={() => setRecording(null)}
        />
      )}
    </DetailSection>
  );
}
