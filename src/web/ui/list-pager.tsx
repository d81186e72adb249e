import type { ListPage } from '../lib/list-page';
import { showPager } from '../lib/pager-labels';
import { Pager } from './pager';

/**
 * A list card's footer: the pager when there is more than one page (spec: "only above 10
 * rows" for the Admin Panels table), otherwise nothing, so no empty footer bar is drawn.
 */
export function listPager<T>({
  label,
  data,
  page,
  onPage,
  busy,
}: {
  label: string;
  data: ListPage<T> | undefined;
  page: number;
  onPage: (page: number) => void;
  busy: boolean;
}) {
  if (!data || !showPager(data.total, data.pageSize)) return undefined;
  return (
    <Pager
      label={label}
      page={page}
      pageSize={data.pageSize}
      pageCount={data.pageCount}
      itemCount={data.items.length}
      total={data.total}
      totalIsEstimate={data.totalIsEstimate}
      onPage={onPage}
      busy={busy}
    />
  );
}

/** The footer of a list paged by usePagedQuery: its page, and busy while the next one loads. */
export function pagerOf<T>(
  label: string,
  paged: {
    page: number;
    setPage: (page: number) => void;
    query: { data: ListPage<T> | undefined; isPlaceholderData: boolean };
  },
) {
  return listPager({
    label,
    data: paged.query.data,
    page: paged.page,
    onPage: paged.setPage,
    busy: paged.query.isPlaceholderData,
  });
}
