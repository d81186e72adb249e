import { useState } from 'react';
import { searchTerm } from './search-term';
import { useDebouncedValue } from './use-debounced-value';

/**
 * A search box's state: what is typed (shown at once) and the term sent to the server once
 * typing pauses. A term too short for the server is held back with a hint instead.
 */
export function useSearchInput(
  check: (raw: string) => { term: string | undefined; tooShort: boolean } = searchTerm,
) {
  const [input, setInput] = useState('');
  const typed = check(input);
  const term = useDebouncedValue(typed.term);
  return { input, setInput, term, tooShort: typed.tooShort };
}

/** For boxes the server reads as free text (the audit log): anything typed is sent. */
export function freeText(raw: string): { term: string | undefined; tooShort: boolean } {
  const term = raw.trim();
  return { term: term === '' ? undefined : term, tooShort: false };
}
