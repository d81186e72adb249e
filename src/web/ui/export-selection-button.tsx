import { Download } from 'lucide-react';
import { Button } from './button';

/** 'Export CSV' for the rows ticked in a list: there is nothing to export until one is, nor while a file is being written. */
export function ExportSelectionButton({
  selectedCount,
  busy,
  onClick,
}: {
  selectedCount: number;
  busy: boolean;
  onClick: () => void;
}) {
  return (
    <Button variant="outline" size="sm" onClick={onClick} disabled={selectedCount === 0 || busy}>
      <Download className="h-4 w-4" aria-hidden="true" />
      Export CSV
    </Button>
  );
}
