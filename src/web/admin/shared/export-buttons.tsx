import { ExportSelectionButton } from '../../ui/export-selection-button';
import { ExportAllLink } from './export-all-link';

/**
 * The two exports of a selectable admin list (D12): the selection, built in the browser with
 * the documented columns (`csv`, see useCsvExport), and everything matching the filter,
 * streamed by the server.
 */
export function ExportButtons<T>({
  selection,
  csv,
  page,
  allHref,
  noun,
}: {
  selection: { count: number; rows: () => T[] };
  csv: { busy: boolean; run: (rows: readonly T[]) => Promise<boolean> };
  /** The list's current page, for the number of matching rows (none before it arrives). */
  page: { total: number; totalIsEstimate: boolean } | undefined;
  allHref: string;
  /** Singular: 'panel', 'order'. */
  noun: string;
}) {
  return (
    <>
      <ExportSelectionButton
        selectedCount={selection.count}
        busy={csv.busy}
        onClick={() => void csv.run(selection.rows())}
      />
      <ExportAllLink
        href={allHref}
        total={page?.total}
        totalIsEstimate={page?.totalIsEstimate ?? false}
        noun={noun}
      />
    </>
  );
}
