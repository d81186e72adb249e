import { describe, expect, it } from 'vitest';
import {
  ADMIN_ORDERS_COLUMNS,
  ADMIN_PANELS_COLUMNS,
  CSV_LINE_BREAK,
  csvDate,
  DASHBOARD_ORDERS_COLUMNS,
  DASHBOARD_PANELS_COLUMNS,
  encodeCsv,
  encodeCsvField,
  encodeCsvRow,
  exportFileName,
  PURCHASE_HISTORY_COLUMNS,
} from './csv';

describe('column sets', () => {
  it('match the spec exactly', () => {
    expect(DASHBOARD_PANELS_COLUMNS).toEqual([
      'Panel ID',
      'Email',
      'Password',
      'Purchase Date',
      'Status',
      'Capacity (Current/Max)',
    ]);
    expect(ADMIN_PANELS_COLUMNS).toEqual([
      'Panel ID',
      'Email',
      'Password',
      'Purchase Date',
      'Status',
      'Max Users',
    ]);
    expect(DASHBOARD_ORDERS_COLUMNS).toEqual(['Order ID', 'Date', 'Quantity', 'Total ($)', 'Status']);
    expect(ADMIN_ORDERS_COLUMNS).toEqual([
      'Order ID',
      'User ID',
      'Quantity',
      'Total Price ($)',
      'Order Date',
      'Status',
    ]);
    expect(PURCHASE_HISTORY_COLUMNS).toEqual(['Invoice', 'Date', 'Items', 'Total ($)', 'Status']);
  });
});

describe('encoding', () => {
  it('leaves plain fields alone', () => {
    expect(encodeCsvField('abc')).toBe('abc');
    expect(encodeCsvField(42)).toBe('42');
    expect(encodeCsvField(true)).toBe('true');
    expect(encodeCsvField(null)).toBe('');
    expect(encodeCsvField(undefined)).toBe('');
    expect(encodeCsvField('')).toBe('');
  });

  it('quotes commas, quotes, CR and LF and doubles inner quotes', () => {
    expect(encodeCsvField('a,b')).toBe('"a,b"');
    expect(encodeCsvField('say "hi"')).toBe('"say ""hi"""');
    expect(encodeCsvField('line1\nline2')).toBe('"line1\nline2"');
    expect(encodeCsvField('a\rb')).toBe('"a\rb"');
    expect(encodeCsvField('"')).toBe('""""');
  });

  it('writes rows with CRLF', () => {
    expect(encodeCsvRow(['1', 'x,y', null])).toBe('1,"x,y",');
    expect(CSV_LINE_BREAK).toBe('\r\n');
  });

  it('writes a whole file', () => {
    const csv = encodeCsv(DASHBOARD_ORDERS_COLUMNS, [
      ['ord_1', '2025-01-02', 5, '2,900.00', 'completed'],
      ['ord_2', '2025-01-03', 3, 500, 'processing'],
    ]);
    expect(csv).toBe(
      'Order ID,Date,Quantity,Total ($),Status\r\n' +
        'ord_1,2025-01-02,5,"2,900.00",completed\r\n' +
        'ord_2,2025-01-03,3,500,processing',
    );
  });

  it('refuses an empty export', () => {
    expect(() => encodeCsv(ADMIN_ORDERS_COLUMNS, [])).toThrow(new Error('No data provided for CSV export'));
  });
});

describe('file names', () => {
  const date = new Date('2025-03-07T23:30:00Z');

  it('use YYYY-MM-DD in UTC', () => {
    expect(csvDate(date)).toBe('2025-03-07');
    expect(csvDate(new Date('2024-12-31T00:00:00Z'))).toBe('2024-12-31');
  });

  it('follow the spec patterns', () => {
    expect(exportFileName('orders', date)).toBe('orders_export_2025-03-07.csv');
    expect(exportFileName('admin_panels', date)).toBe('admin_panels_export_2025-03-07.csv');
    expect(exportFileName('purchase_history', date)).toBe('purchase_history_2025-03-07.csv');
  });
});
