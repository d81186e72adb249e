import { Download } from 'lucide-react';
import { Button } from '../../ui/button';
import { ExportAllLink } from './export-all-link';

/**
 * The two exports of a selectable admin list (D12): the selection, built in the browser with
 * the documented columns, and everything matching the filter, streamed by the server.
 */
export function ExportButtons({
  selectedCount,
  busy,
  onExportSelection,
  allHref,
  total,
  totalIsEstimate,
  noun,
}: {
  selectedCount: number;
  busy: boolean;
  onExportSelection: () => void;
  allHref: string;
  total: number | undefined;
  totalIsEstimate: boolean;
  /** Singular: 'panel', 'order'. */
  noun: string;
}) {
  return (
    <>
      <Button variant="outline" size="sm" onClick={onExportSelection} disabled={selectedCount === 0 || busy}>
        <Download className="h-4 w-4" aria-hidden="true" />
        Export CSV
      </Button>
      <ExportAllLink href={allHref} total={total} totalIsEstimate={totalIsEstimate} noun={noun} />
    </>
  );
}
