// Dates in the reader's own time zone. No page that shows them is prerendered, so the browser's
// zone is used throughout: a purchase made at 23:30 shows the day the customer saw, and an
// operator reads the audit log in their own hours.

const display = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

const dateTime = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

/** 'Mar 3, 2026' for tables and cards. */
export function formatDate(iso: string): string {
  return display.format(new Date(iso));
}

/** 'Nov 19, 2026, 3:04 PM': the audit log and order history need the time, not just the day. */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso));
}

/** 'YYYY-MM-DD' in local time: unambiguous, sorts as text, and spreadsheets read it as a date. */
export function isoDay(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
