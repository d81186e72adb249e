import type { Badge, RefundRequestStatus as RefundStatus } from '../../../domain/status';

const BADGES: Record<RefundStatus, Badge> = {
  requested: { label: 'requested', tone: 'yellow' },
  approving: { label: 'refunding', tone: 'blue' },
  failed: { label: 'refund failed', tone: 'red' },
  approved: { label: 'approved', tone: 'green' },
  denied: { label: 'denied', tone: 'red' },
};

export function refundBadge(status: RefundStatus): Badge {
  return BADGES[status];
}
