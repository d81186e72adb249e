import { useState } from 'react';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { useDialogSubmit } from '../../lib/use-dialog-submit';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { CancelAndConfirm, DialogActions } from '../../ui/dialog-actions';
import { importPanelsCsv } from '../api/import-api';
import type { ImportReport as Report } from '../api/panels-api';
import { useAdminAction } from '../shared/use-admin-action';
import { FileDropZone } from './file-drop-zone';
import { filledOrdersText, panelCount } from './filled-orders';
import { ImportReport } from './import-report';

/** The server refuses a bad file whole (400, 413): then it is certain nothing went in. */
function refusalText(error: unknown): string {
  const refused = error instanceof ApiRequestError && error.status < 500;
  return `${errorMessage(error, 'Please try again.')}${refused ? ' Nothing was imported.' : ''}`;
}

const codeClasses = 'rounded bg-slate-100 px-1 py-0.5 font-mono text-xs dark:bg-slate-800';

/**
 * Inventory import (D11): a CSV with the header email,password[,domains][,max_mailboxes].
 * Good rows go in together and bad ones are reported by line; a file that is not CSV is
 * refused whole, with nothing imported, and the server's reason is shown.
 */
export function ImportCsvDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [report, setReport] = useState<Report | null>(null);
  const dialog = useDialogSubmit(refusalText);
  const run = useAdminAction();

  const reset = () => {
    setFile(null);
    setReport(null);
    dialog.clearError();
  };

  const close = () => {
    reset();
    onClose();
  };

  const upload = (chosen: File) =>
    dialog.submit(async () => {
      const result = await run(() => importPanelsCsv(chosen), {
        success: (r) => ({
          title: 'Import finished',
          description: [
            `${panelCount(r.accepted)} accepted, ${r.rejected.length} rejected.`,
            filledOrdersText(r.filledOrders),
          ]
            .filter(Boolean)
            .join(' '),
        }),
        failure: 'Import failed',
      });
      setReport(result);
    });

  return (
    <Dialog
      open={open}
      onClose={close}
      dismissible={!dialog.busy}
      title="Import CSV"
      description="Add many panels at once. Passwords are stored encrypted; waiting orders are filled first."
      className="sm:max-w-2xl"
    >
      <div className="space-y-4 text-sm text-slate-700 dark:text-slate-300">
        {report ? (
          <>
            <ImportReport report={report} />
            <DialogActions>
              <Button variant="outline" onClick={reset}>
                Import another file
              </Button>
              <Button onClick={close}>Done</Button>
            </DialogActions>
          </>
        ) : (
          <>
            <p>
              The first line names the columns: <code className={codeClasses}>email,password</code>,
              optionally followed by <code className={codeClasses}>domains</code> (default 699) and{' '}
              <code className={codeClasses}>max_mailboxes</code> (default 2,000). Up to 5 MB.
            </p>
            {dialog.error && <Alert tone="error">{dialog.error}</Alert>}
            <FileDropZone
              file={file}
              accept=".csv,text/csv"
              disabled={dialog.busy}
              onFile={(chosen) => {
                setFile(chosen);
                dialog.clearError();
              }}
            />
            <CancelAndConfirm
              busy={dialog.busy}
              onCancel={close}
              label="Import"
              busyLabel="Importing..."
              onConfirm={() => file && void upload(file)}
              disabled={!file}
            />
          </>
        )}
      </div>
    </Dialog>
  );
}
