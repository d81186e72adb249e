import { REFUND_WINDOW_DAYS } from '../../../domain/constants';

const DAY_MS = 86_400_000;

/**
 * Where a request stands in the 14-day money-back window (D8), for the operator deciding it.
 * The server enforces the rule on approval; this only says it before the click.
 */
export function refundWindowText(paidAt: string | null, now: Date): { text: string; open: boolean } {
  if (!paidAt) return { text: 'Not paid', open: false };
  const days = Math.floor((now.getTime() - new Date(paidAt).getTime()) / DAY_MS);
  if (days >= REFUND_WINDOW_DAYS)
    return { text: `Paid ${days} days ago: past the ${REFUND_WINDOW_DAYS}-day window`, open: false };
  const left = REFUND_WINDOW_DAYS - days;
  return {
    text: `Paid ${days === 0 ? 'today' : `${days} ${days === 1 ? 'day' : 'days'} ago`} · ${left} ${left === 1 ? 'day' : 'days'} left`,
    open: true,
  };
}
