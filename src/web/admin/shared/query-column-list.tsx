import type { ComponentProps, Key } from 'react';
import { ListBody } from '../../ui/list-body';
import { ColumnList } from './column-list';

/**
 * An admin list read by one query: ListBody's skeleton, failure or empty text until there are
 * rows, then those same rows as a ColumnList.
 */
export function QueryColumnList<T extends { id: Key }>({
  query,
  texts,
  filtered,
  skeletonRows,
  ...list
}: Omit<ComponentProps<typeof ListBody>, 'rows' | 'children'> & ComponentProps<typeof ColumnList<T>>) {
  return (
    <ListBody query={query} rows={list.rows} texts={texts} filtered={filtered} skeletonRows={skeletonRows}>
      <ColumnList {...list} />
    </ListBody>
  );
}
