// Admin dates in the operator's own time zone (the admin console is never prerendered).

const dateTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'Nov 19, 2026, 3:04 PM': the audit log and order history need the time, not just the day. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

export { formatDate } from '../../after-purchase/shared/dates';
