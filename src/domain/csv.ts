// CSV exports (D12): exact column sets and file names, RFC 4180 escaping so e-mails or
// passwords holding commas/quotes survive a spreadsheet, and no cell a spreadsheet would run
// as a formula (docs/security.md).

import { CSV_NO_DATA } from './messages';

/** Record separator (RFC 4180). A streaming writer puts it between rows. */
export const CSV_LINE_BREAK = '\r\n';
const NEEDS_QUOTING = /[",\r\n]/;
/**
 * A cell starting with one of these is read as a formula by Excel, LibreOffice or Google
 * Sheets (OWASP "CSV injection": `=HYPERLINK(...)`, `@SUM(...)`, `-2+3+cmd|...`; a leading tab
 * or CR is stripped by some of them, exposing what follows).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

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

/**
 * One cell. Text that could start a formula gets a leading single quote (OWASP's rule), so the
 * spreadsheet shows it as text; the rest of the cell is kept exactly. Only a value typed as a
 * finite number is exempt: ids, counts and the like that we produce ourselves cannot hold a
 * formula, and `-5` must stay a number. Numbers that arrive as text ('-5.00') are treated as
 * text; money is never negative (D4), so only a value that should not be there pays for it.
 */
export function encodeCsvField(value: unknown): string {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  const raw = fieldText(value);
  const text = FORMULA_START.test(raw) ? `'${raw}` : raw;
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
