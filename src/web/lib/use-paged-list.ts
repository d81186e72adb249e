import type { QueryFunction, QueryKey } from '@tanstack/react-query';
import type { ListPage } from './list-page';
import { useLoadFailureToast } from './use-load-failure-toast';
import { usePagedQuery } from './use-paged-query';

/**
 * A server-paged list as its card shows it: the paged query, its page (undefined until the first
 * arrives) and its rows, and the documented toast, under its own id, each time a load fails: the
 * list's failure text (its ListTexts) is the toast's title.
 */
export function usePagedList<F extends object, T>(
  filter: F,
  makeQuery: (args: F & { page: number }) => { queryKey: QueryKey; queryFn: QueryFunction<ListPage<T>> },
  toastId: string,
  texts: { failure: string },
) {
  const paged = usePagedQuery(filter, makeQuery);
  const { query } = paged;
  useLoadFailureToast(query.isError, query.errorUpdatedAt, toastId, texts.failure);
  return { ...paged, data: query.data, items: query.data?.items ?? [] };
}
