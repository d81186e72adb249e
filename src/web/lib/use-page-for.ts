import { useState } from 'react';

/**
 * The page number of a list that starts over at page 1 whenever its filter changes. The page
 * remembers the filter it belongs to, so there is no effect resetting it (and no wasted
 * request for page 5 of a new search). A new filter is adopted during the render that sees it
 * (React's "state from the previous render" pattern), so going back to an earlier filter (a
 * search typed, then cleared) starts at page 1 as well, not at the page left before.
 */
export function usePageFor(filterKey: string): [number, (page: number) => void] {
  const [state, setState] = useState({ key: filterKey, page: 1 });
  if (state.key !== filterKey) setState({ key: filterKey, page: 1 });
  const page = state.key === filterKey ? state.page : 1;
  return [page, (next) => setState({ key: filterKey, page: next })];
}
