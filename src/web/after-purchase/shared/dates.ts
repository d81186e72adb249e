// Dates as the customer reads them. These pages are never prerendered, so the browser's own
// time zone is used throughout: a purchase made at 23:30 shows the day the customer saw.

const display = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });

/** 'Mar 3, 2026' for tables and cards. */
export function formatDate(iso: string): string {
  return display.format(new Date(iso));
}

/** 'YYYY-MM-DD' in local time: unambiguous, sorts as text, and spreadsheets read it as a date. */
export function isoDay(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}
