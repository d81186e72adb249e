// CSV exports (spec section 3, D12): exact column sets and file names, RFC 4180
// escaping so e-mails or passwords holding commas/quotes survive a spreadsheet.

import { CSV_NO_DATA } from './messages';

/** Record separator (RFC 4180). A streaming writer puts it between rows. */
export const CSV_LINE_BREAK = '\r\n';
const NEEDS_QUOTING = /[",\r\n]/;

export const DASHBOARD_PANELS_COLUMNS = [
  'Panel ID',
  'Email',
  'Password',
  'Purchase Date',
  'Status',
  'Capacity (Current/Max)',
] as const;
export const ADMIN_PANELS_COLUMNS = [
  'Panel ID',
  'Email',
  'Password',
  'Purchase Date',
  'Status',
  'Max Users',
] as const;
export const DASHBOARD_ORDERS_COLUMNS = ['Order ID', 'Date', 'Quantity', 'Total ($)', 'Status'] as const;
export const ADMIN_ORDERS_COLUMNS = [
  'Order ID',
  'User ID',
  'Quantity',
  'Total Price ($)',
  'Order Date',
  'Status',
] as const;
export const PURCHASE_HISTORY_COLUMNS = ['Invoice', 'Date', 'Items', 'Total ($)', 'Status'] as const;

function fieldText(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'object') return JSON.stringify(value);
  return String(value);
}

export function encodeCsvField(value: unknown): string {
  const text = fieldText(value);
  return NEEDS_QUOTING.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record without its line break, so a server can stream rows as they are read. */
export function encodeCsvRow(fields: readonly unknown[]): string {
  return fields.map(encodeCsvField).join(',');
}

/** A whole file. Empty exports are refused: a header-only file looks like a silent failure. */
export function encodeCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  if (rows.length === 0) throw new Error(CSV_NO_DATA);
  return [headers, ...rows].map(encodeCsvRow).join(CSV_LINE_BREAK);
}

/** YYYY-MM-DD in UTC, so a file name does not depend on the server's time zone. */
export function csvDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

export const EXPORT_KINDS = ['orders', 'admin_panels', 'purchase_history'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

const FILE_PREFIX: Record<ExportKind, string> = {
  orders: 'orders_export_',
  admin_panels: 'admin_panels_export_',
  purchase_history: 'purchase_history_',
};

export function exportFileName(kind: ExportKind, date: Date): string {
  return `${FILE_PREFIX[kind]}${csvDate(date)}.csv`;
}
