/** A statement as its span is named: the operation and, where it is plain to see, the table. */
export interface StatementSummary {
  /** The first keyword, upper case: SELECT, INSERT, UPDATE, DELETE, WITH, BEGIN, ... */
  operation: string;
  /** The table the statement reads or writes first; undefined when it is not plain to see. */
  table: string | undefined;
}

/** Leading comments and blanks before the first keyword. */
const LEADING = /^(?:\s+|--[^\n]*\n?|\/\*[\s\S]*?\*\/)*/;
const IDENTIFIER = String.raw`("(?:[^"]|"")+"|[a-z_][a-z0-9_$]*)(?:\s*\.\s*("(?:[^"]|"")+"|[a-z_][a-z0-9_$]*))?`;
const TABLE_AFTER: Record<string, RegExp> = {
  SELECT: new RegExp(String.raw`\bfrom\s+${IDENTIFIER}`, 'i'),
  DELETE: new RegExp(String.raw`^delete\s+from\s+${IDENTIFIER}`, 'i'),
  INSERT: new RegExp(String.raw`^insert\s+into\s+${IDENTIFIER}`, 'i'),
  UPDATE: new RegExp(String.raw`^update\s+(?:only\s+)?${IDENTIFIER}`, 'i'),
};

const unquote = (name: string) => (name.startsWith('"') ? name.slice(1, -1).replaceAll('""', '"') : name);

/**
 * Reads a statement's operation and first table, for a span name that groups alike statements
 * (`SELECT orders`) without their text. A guess from the text, never a parse: a SELECT's first
 * FROM may be a subquery's, and then the name says so only approximately.
 */
export function summarizeStatement(statement: string): StatementSummary {
  const text = statement.replace(LEADING, '');
  const operation = /^[a-z]+/i.exec(text)?.[0]?.toUpperCase() ?? 'SQL';
  const match = TABLE_AFTER[operation]?.exec(text);
  const name = match?.[2] ?? match?.[1];
  return { operation, table: name ? unquote(name) : undefined };
}
