import { and, eq, or, type SQL, type SQLWrapper } from 'drizzle-orm';
import { containsPattern } from '../db/like-patterns';
import { badRequest } from '../http/errors';

/** Trigram indexes only help from three characters on; shorter fragments would scan the table. */
export const MIN_SEARCH_LENGTH = 3;

export interface SearchTerm {
  /** The ILIKE pattern `%fragment%` with LIKE's wildcards escaped, or null when too short. */
  pattern: string | null;
  /** The term read as an id, when it is one (a panel or order number). */
  id: number | null;
}

/**
 * Reads an admin search box: all digits may be an id (any length); otherwise a fragment
 * of at least three characters. A shorter non-numeric term is refused with a clear message
 * rather than silently scanning a million rows.
 */
export function parseSearch(raw: string | undefined): SearchTerm | null {
  const term = raw?.trim() ?? '';
  if (term === '') return null;
  const id = /^\d{1,9}$/.test(term) ? Number(term) : null;
  const pattern = term.length >= MIN_SEARCH_LENGTH ? containsPattern(term) : null;
  if (id === null && pattern === null) {
    throw badRequest(`Type at least ${MIN_SEARCH_LENGTH} characters to search.`, 'search_too_short');
  }
  return { pattern, id };
}

/**
 * An admin list's filter: its status, and its search box, which matches the row with that id
 * when the term reads as one and the rows `byPattern` finds when it is long enough to be a fragment.
 */
export function statusAndSearch(
  table: { id: SQLWrapper; status: SQLWrapper },
  filter: { status?: string | undefined; search?: string | undefined },
  byPattern: (pattern: string) => SQL,
): SQL | undefined {
  const term = parseSearch(filter.search);
  return and(
    filter.status ? eq(table.status, filter.status) : undefined,
    term
      ? or(
          term.id === null ? undefined : eq(table.id, term.id),
          term.pattern === null ? undefined : byPattern(term.pattern),
        )
      : undefined,
  );
}
