import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import fc from 'fast-check';
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

/** The header rows of docs/decisions/d12-exports.md's table, by the export's name there. */
function documentedColumns(): Record<string, string[]> {
  const note = readFileSync('docs/decisions/d12-exports.md', 'utf8');
  const rows = [...note.matchAll(/^\| (the [^|]+) \| ([^|]+) \| `[^`]+` \|$/gm)];
  return Object.fromEntries(rows.map(([, name, columns]) => [name!, columns!.split(', ')]));
}

describe('column sets', () => {
  it('match the documented header rows exactly', () => {
    // Held to the note's words, not to a copy of them: the documented words are what this pins.
    expect(documentedColumns()).toEqual({
      "the customer's panels (dashboard)": DASHBOARD_PANELS_COLUMNS,
      "the admin's panels": ADMIN_PANELS_COLUMNS,
      "the customer's orders (dashboard, orders page)": DASHBOARD_ORDERS_COLUMNS,
      "the admin's orders": ADMIN_ORDERS_COLUMNS,
      "the customer's purchase history": PURCHASE_HISTORY_COLUMNS,
    });
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

  it.each([
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line1\nline2', '"line1\nline2"'],
    ['a\rb', '"a\rb"'],
    ['"', '""""'],
  ])('quotes commas, quotes, CR and LF and doubles inner quotes: %j', (field, encoded) => {
    expect(encodeCsvField(field)).toBe(encoded);
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

  it('writes numbers typed as numbers as they are, negative ones included', () => {
    expect(encodeCsvField(-5)).toBe('-5');
    expect(encodeCsvField(1042)).toBe('1042');
    expect(encodeCsvField(Number.NEGATIVE_INFINITY)).toBe("'-Infinity");
  });

  it('refuses an empty export', () => {
    expect(() => encodeCsv(ADMIN_ORDERS_COLUMNS, [])).toThrow(new Error('No data provided for CSV export'));
  });
});

/** How a spreadsheet would read our text back: a strict RFC 4180 reader. */
const readCsv = (text: string): string[][] => parse(text, { record_delimiter: '\r\n' });

const FORMULA_STARTS = ['=', '+', '-', '@', '\t', '\r'] as const;
const startsLikeFormula = (cell: string) => FORMULA_STARTS.some((c) => cell.startsWith(c));

/**
 * Any text, with the characters that matter here (formula starts, quotes, separators, line
 * breaks, a quote already in front) drawn often enough that every combination is tried.
 */
const anyText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({
    unit: fc.constantFrom(...FORMULA_STARTS, '"', ',', '\n', "'", ' ', 'a', '1', 'é', '😀'),
    maxLength: 12,
  }),
  fc
    .tuple(fc.constantFrom(...FORMULA_STARTS), fc.string({ unit: 'binary-ascii', maxLength: 20 }))
    .map(([start, rest]) => start + rest),
);

describe('formula neutralisation (OWASP CSV injection), any text', () => {
  it('reads back as the original, with at most a leading single quote, never as a formula', () => {
    fc.assert(
      fc.property(anyText, (text) => {
        // A second cell, so that an empty first cell still makes a record.
        const [record, ...more] = readCsv(encodeCsvRow([text, 'end']));
        expect(more).toEqual([]);
        expect(record).toHaveLength(2);
        const cell = record![0]!;
        expect([text, `'${text}`]).toContain(cell);
        expect(startsLikeFormula(cell)).toBe(false);
        // The quote only where it is needed: other text is untouched.
        if (!startsLikeFormula(text)) expect(cell).toBe(text);
      }),
      { numRuns: 2000 },
    );
  });

  it('keeps every record and every cell of a whole file in place', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(anyText, { minLength: 2, maxLength: 5 }), { minLength: 1, maxLength: 6 }),
        (rows) => {
          const width = rows[0]!.length;
          const table = rows.map((row) => Array.from({ length: width }, (_, i) => row[i] ?? 'x'));
          const headers = Array.from({ length: width }, (_, i) => `Column ${i + 1}`);
          const [header, ...records] = readCsv(encodeCsv(headers, table));
          expect(header).toEqual(headers);
          expect(records).toEqual(table.map((row) => row.map((t) => (startsLikeFormula(t) ? `'${t}` : t))));
        },
      ),
      { numRuns: 500 },
    );
  });

  it('writes any finite number as the number it is', () => {
    fc.assert(
      fc.property(fc.oneof(fc.integer(), fc.double({ noNaN: true, noDefaultInfinity: true })), (n) => {
        const [record] = readCsv(encodeCsvRow([n, 'end']));
        expect(Number(record![0])).toBe(Object.is(n, -0) ? 0 : n);
      }),
    );
  });

  it.each([
    ['=HYPERLINK("http://evil.example","click")', '"\'=HYPERLINK(""http://evil.example"",""click"")"'],
    ["@SUM(1+1)*cmd|' /C calc'!A0", "'@SUM(1+1)*cmd|' /C calc'!A0"],
    ['+1', "'+1"],
    ['-5.00', "'-5.00"],
    ['\t=1+1', "'\t=1+1"],
    ['\r=1+1', '"\'\r=1+1"'],
    ['a=1', 'a=1'],
    ["'=1", "'=1"],
  ])('neutralises the classic payloads: %j', (field, encoded) => {
    expect(encodeCsvField(field)).toBe(encoded);
  });
});

describe('file names', () => {
  const date = new Date('2025-03-07T23:30:00Z');

  it('use YYYY-MM-DD in UTC', () => {
    expect(csvDate(date)).toBe('2025-03-07');
    expect(csvDate(new Date('2024-12-31T00:00:00Z'))).toBe('2024-12-31');
  });

  it('follow the documented patterns', () => {
    expect(exportFileName('orders', date)).toBe('orders_export_2025-03-07.csv');
    expect(exportFileName('admin_panels', date)).toBe('admin_panels_export_2025-03-07.csv');
    expect(exportFileName('purchase_history', date)).toBe('purchase_history_2025-03-07.csv');
  });
});
