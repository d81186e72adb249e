import { z } from 'zod';
import { api } from '../../lib/api';
import { ADMIN_QUERY_KEY } from './page-schema';

/**
 * 'approving': an approval is refunding at the provider right now; 'failed': the provider
 * failed and the approval waits for a retry (docs/decisions/0005-payments-and-jobs.md).
 */
export const REFUND_STATUSES = ['requested', 'approving', 'failed', 'approved', 'denied'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
/** A list filter: one status, or 'open' for every request not decided yet. */
export type RefundFilter = RefundStatus | 'open';

const refundSchema = z.object({
  id: z.number(),
  orderId: z.number(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** The provider's message when the last approval attempt failed. */
  lastError: z.string().nullable(),
  /** The server offers 'Retry': a failed approval, or one abandoned mid-way. */
  retryable: z.boolean(),
  customerEmail: z.string().nullable(),
  totalCents: z.number(),
  paidAt: z.string().nullable(),
});
export type RefundRequest = z.infer<typeof refundSchema>;

export const refundsQuery = (status: RefundFilter | undefined) => ({
  queryKey: [...ADMIN_QUERY_KEY, 'refunds', status ?? 'all'],
  queryFn: () =>
    api(status ? `/api/admin/refunds?status=${status}` : '/api/admin/refunds', {
      schema: z.object({ refunds: z.array(refundSchema) }),
    }),
});

const decidedSchema = z.object({ orderId: z.number(), amountCents: z.number() });

export function approveRefund(id: number) {
  return api(`/api/admin/refunds/${id}/approve`, { method: 'POST', schema: decidedSchema });
}

export function denyRefund(id: number, note: string) {
  return api(`/api/admin/refunds/${id}/deny`, { body: { note }, schema: decidedSchema });
}
