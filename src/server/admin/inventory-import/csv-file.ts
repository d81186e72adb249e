import { CsvError, type Info, parse } from 'csv-parse/sync';
import { badRequest } from '../../http/errors';

/** The columns of an inventory file (header required; domains and max_mailboxes optional). */
export const IMPORT_COLUMNS = ['email', 'password', 'domains', 'max_mailboxes'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
const REQUIRED: readonly ImportColumn[] = ['email', 'password'];

/** Upload limits: 5 MB is about 60,000 panels, far beyond any real delivery from a supplier. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 50_000;

const HEADER_HELP = `The first line must be a header naming the columns: ${IMPORT_COLUMNS.join(', ')} (domains and max_mailboxes are optional).`;

export interface CsvRecord {
  /** The line the record starts on (a quoted field may span several lines). */
  line: number;
  /** The record's fields by column; absent when the record is shorter than the header. */
  fields: Partial<Record<ImportColumn, string>>;
  /** How many fields the record had, to report a row that does not match the header. */
  fieldCount: number;
}

export interface CsvFile {
  columns: ImportColumn[];
  records: CsvRecord[];
}

const fileError = (message: string) => badRequest(message, 'invalid_csv');

function describeCsvError(error: CsvError): string {
  const at = typeof error.lines === 'number' ? ` (line ${error.lines})` : '';
  switch (error.code) {
    case 'CSV_QUOTE_NOT_CLOSED':
      return `The file is not valid CSV: a quoted field is never closed${at}.`;
    case 'INVALID_OPENING_QUOTE':
    case 'CSV_INVALID_CLOSING_QUOTE':
      return `The file is not valid CSV: a quote in the middle of a field${at}. Quote the whole field and double the quotes inside it ("like ""this""").`;
    default:
      return `The file is not valid CSV${at}: ${error.message}`;
  }
}

function readHeader(fields: string[]): ImportColumn[] {
  const names = fields.map((f) => f.trim().toLowerCase());
  const columns: ImportColumn[] = [];
  for (const name of names) {
    if (!(IMPORT_COLUMNS as readonly string[]).includes(name)) {
      if (REQUIRED.every((r) => !names.includes(r)))
        throw fileError(`This file has no header. ${HEADER_HELP}`);
      throw fileError(`Unknown column "${name}". ${HEADER_HELP}`);
    }
    if (columns.includes(name as ImportColumn)) throw fileError(`The column "${name}" appears twice.`);
    columns.push(name as ImportColumn);
  }
  const missing = REQUIRED.filter((r) => !columns.includes(r));
  if (missing.length) throw fileError(`The header has no ${missing.join(' or ')} column. ${HEADER_HELP}`);
  return columns;
}

interface ParsedRecord {
  record: string[];
  info: Pick<Info, 'bytes'>;
}

const CR = 0x0d;
const LF = 0x0a;

/**
 * 1-based line numbers of byte offsets, scanning forward once. CRLF, LF and a lone CR each
 * end a line; line breaks at the offset itself (skipped blank lines) are stepped over.
 */
function lineCounter(bytes: Buffer) {
  let position = 0;
  let line = 1;
  const step = () => {
    if (bytes[position] === CR && bytes[position + 1] === LF) position += 1;
    position += 1;
    line += 1;
  };
  return {
    lineAt(offset: number): number {
      for (; position < offset; ) {
        if (bytes[position] === CR || bytes[position] === LF) step();
        else position += 1;
      }
      while (bytes[position] === CR || bytes[position] === LF) step();
      return line;
    },
  };
}

const isBlank = (fields: string[]) => fields.every((f) => f.trim() === '');

/**
 * Reads an uploaded inventory file (RFC 4180: quoted fields, doubled quotes, line breaks
 * inside quotes; CRLF or LF; an optional UTF-8 BOM). Anything that is not such a file with
 * the header is refused as a whole, so nothing is half-imported from a file we misread.
 */
export function readInventoryCsv(text: string): CsvFile {
  if (text.trim() === '') throw fileError('The file is empty.');
  // Spreadsheets (xlsx), images and the like hold NUL bytes or bytes that are not UTF-8.
  if (text.includes('\u0000') || text.includes('\uFFFD')) {
    throw fileError('This is not a CSV text file. Save the sheet as "CSV UTF-8" and upload that.');
  }
  const bytes = Buffer.from(text, 'utf8');
  let parsed: ParsedRecord[];
  try {
    // With `info: true` each entry is { record, info } (csv-parse's typings only know string[][]).
    parsed = parse(bytes, {
      bom: true,
      info: true,
      relax_column_count: true,
      skip_empty_lines: true,
      record_delimiter: ['\r\n', '\n', '\r'],
    }) as unknown as ParsedRecord[];
  } catch (error) {
    if (error instanceof CsvError) throw fileError(describeCsvError(error));
    throw error;
  }

  const [head, ...rest] = parsed;
  if (!head) throw fileError('The file is empty.');
  const columns = readHeader(head.record);
  if (rest.length > MAX_IMPORT_ROWS) {
    throw fileError(
      `The file has ${rest.length.toLocaleString('en-US')} rows; import at most ${MAX_IMPORT_ROWS.toLocaleString('en-US')} at a time.`,
    );
  }

  const lines = lineCounter(bytes);
  let offset = head.info.bytes;
  const records: CsvRecord[] = [];
  for (const { record, info } of rest) {
    // csv-parse's own line count adds two for a CRLF inside quotes, so the start line is
    // counted here from the record's byte offset (after any blank lines it skipped).
    const line = lines.lineAt(offset);
    offset = info.bytes;
    if (isBlank(record)) continue;
    const fields: CsvRecord['fields'] = {};
    columns.forEach((column, i) => {
      const value = record[i];
      if (value !== undefined) fields[column] = value;
    });
    records.push({ line, fields, fieldCount: record.length });
  }
  if (records.length === 0) throw fileError('The file has a header but no panel rows.');
  return { columns, records };
}
