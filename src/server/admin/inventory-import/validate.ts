import { emailSchema } from '../../../domain/account-schemas';
import { PANEL_LIMITS, PANEL_MESSAGES, panelPasswordSchema } from '../../../domain/api/admin/panel-input';
import { DEFAULT_DOMAINS, USERS_PER_PANEL } from '../../../domain/constants';
import type { CsvFile, CsvRecord } from './csv-file';

export interface Rejection {
  line: number;
  /** The e-mail as written in the file ('' when missing), so the operator can find the row. */
  email: string;
  reason: string;
}

export interface Candidate {
  line: number;
  /** As written in the file, for the report. */
  written: string;
  /** Normalised (trimmed, lower case), as stored. */
  email: string;
  password: string;
  domains: number;
  maxMailboxes: number;
}

function wholeNumber(raw: string | undefined, fallback: number, limits: { min: number; max: number }) {
  const text = raw?.trim() ?? '';
  if (text === '') return fallback;
  if (!/^\d+$/.test(text)) return null;
  const value = Number(text);
  return value >= limits.min && value <= limits.max ? value : null;
}

function checkRecord(record: CsvRecord, columnCount: number): Candidate | string[] {
  const problems: string[] = [];
  if (record.fieldCount !== columnCount) {
    problems.push(`Expected ${columnCount} fields, found ${record.fieldCount}.`);
  }
  const rawEmail = record.fields.email?.trim() ?? '';
  const email = emailSchema.safeParse(rawEmail);
  if (rawEmail === '') problems.push(PANEL_MESSAGES.missingEmail);
  else if (!email.success) problems.push(PANEL_MESSAGES.badEmail);

  const rawPassword = record.fields.password ?? '';
  const password = panelPasswordSchema.safeParse(rawPassword);
  if (!password.success) problems.push(...password.error.issues.map((i) => i.message));

  const domains = wholeNumber(record.fields.domains, DEFAULT_DOMAINS, PANEL_LIMITS.domains);
  if (domains === null) problems.push(PANEL_MESSAGES.domains);
  const maxMailboxes = wholeNumber(record.fields.max_mailboxes, USERS_PER_PANEL, PANEL_LIMITS.maxMailboxes);
  if (maxMailboxes === null) problems.push(PANEL_MESSAGES.maxMailboxes);

  if (problems.length || !email.success || domains === null || maxMailboxes === null) return problems;
  return {
    line: record.line,
    written: rawEmail,
    email: email.data,
    password: rawPassword,
    domains,
    maxMailboxes,
  };
}

/**
 * Checks every row on its own (a bad row never stops the good ones) and keeps the first of
 * rows repeating an e-mail. Whether an e-mail is already in stock is the database's answer.
 */
export function validateRecords(file: CsvFile): { candidates: Candidate[]; rejected: Rejection[] } {
  const candidates: Candidate[] = [];
  const rejected: Rejection[] = [];
  const firstLine = new Map<string, number>();
  for (const record of file.records) {
    const checked = checkRecord(record, file.columns.length);
    const email = record.fields.email?.trim() ?? '';
    if (Array.isArray(checked)) {
      rejected.push({ line: record.line, email, reason: checked.join(' ') });
      continue;
    }
    const earlier = firstLine.get(checked.email);
    if (earlier !== undefined) {
      rejected.push({ line: record.line, email, reason: `Duplicate e-mail: also on line ${earlier}.` });
      continue;
    }
    firstLine.set(checked.email, record.line);
    candidates.push(checked);
  }
  return { candidates, rejected };
}
