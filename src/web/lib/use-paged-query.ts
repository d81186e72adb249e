import { keepPreviousData, type QueryFunction, type QueryKey, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ListPage } from './list-page';
import { usePageFor } from './use-page-for';

/**
 * One server-paged list (D11; the customer's own lists page the same way): the page starts over at 1 when the filter changes, the
 * rows on screen stay while the next page loads, and a page that emptied under the reader (an
 * action removed its last rows) steps back to the new last page.
 */
export function usePagedQuery<F extends object, T>(
  filter: F,
  makeQuery: (args: F & { page: number }) => { queryKey: QueryKey; queryFn: QueryFunction<ListPage<T>> },
) {
  const [page, setPage] = usePageFor(JSON.stringify(filter));
  const query = useQuery({ ...makeQuery({ ...filter, page }), placeholderData: keepPreviousData });
  const lastPage = query.data?.pageCount ?? 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: setPage is recreated each render; page and lastPage are the trigger
  useEffect(() => {
    if (lastPage > 0 && page > lastPage) setPage(lastPage);
  }, [page, lastPage]);

  return { page, setPage, query };
}
