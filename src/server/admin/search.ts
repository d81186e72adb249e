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
