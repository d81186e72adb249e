import { FileUp, Plus } from 'lucide-react';
import { useState } from 'react';
import { Button, type ButtonVariant } from '../../ui/button';
import { AddPanelDialog } from './add-panel-dialog';
import { ImportCsvDialog } from './import-csv-dialog';

/** 'Add panel' and 'Import CSV' with their dialogs: beside the stock list and the fulfillment queue. */
export function InventoryActions({ variant = 'secondary' }: { variant?: ButtonVariant }) {
  const [open, setOpen] = useState<'add' | 'import' | null>(null);
  return (
    <>
      <Button variant={variant} size="sm" onClick={() => setOpen('add')}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        Add panel
      </Button>
      <Button variant={variant} size="sm" onClick={() => setOpen('import')}>
        <FileUp className="h-4 w-4" aria-hidden="true" />
        Import CSV
      </Button>
      <AddPanelDialog open={open === 'add'} onClose={() => setOpen(null)} />
      <ImportCsvDialog open={open === 'import'} onClose={() => setOpen(null)} />
    </>
  );
}
