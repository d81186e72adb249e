// What a search box sends. The server refuses fragments under 3 characters (its
// trigram indexes start there; src/server/admin/search.ts) unless the term is a number,
// read as an id. The box checks first, so typing "ab" shows a hint instead of an error toast.

export const MIN_SEARCH_LENGTH = 3;
export const SEARCH_TOO_SHORT = `Type at least ${MIN_SEARCH_LENGTH} characters to search.`;

export interface SearchTerm {
  /** What to send; undefined means "no search". */
  term: string | undefined;
  /** True when something was typed that is too short to send. */
  tooShort: boolean;
}

export function searchTerm(raw: string): SearchTerm {
  const term = raw.trim();
  if (term === '') return { term: undefined, tooShort: false };
  if (/^\d+$/.test(term) || term.length >= MIN_SEARCH_LENGTH) return { term, tooShort: false };
  return { term: undefined, tooShort: true };
}
