import { useState } from 'react';
import { toast } from 'sonner';
import { type ExportKind, exportFileName } from '../../domain/csv';
import { downloadTextFile } from './download';
import { EXPORT_FILE_NOTICES } from './export-notices';
import { type ExportEffects, type ExportJob, runExport } from './run-export';

const effects: ExportEffects = {
  error: ({ title, description }) => toast.error(title, { description }),
  success: ({ title, description }) => toast.success(title, { description }),
  download: downloadTextFile,
};

/** What an export writes: its kind (the file's name, the toasts), the columns and each row's cells. */
export interface CsvExport<T> {
  kind: ExportKind;
  headers: readonly string[];
  rows: ExportJob<T>['rows'];
}

/**
 * An export button's behaviour: `run` writes the rows it is given with toasts and a download,
 * and `busy` says when it is under way.
 */
export function useCsvExport<T>({ kind, headers, rows }: CsvExport<T>) {
  const [busy, setBusy] = useState(false);
  const run = async (selection: readonly T[]): Promise<boolean> => {
    setBusy(true);
    try {
      const fileName = exportFileName(kind, new Date());
      return await runExport({ ...EXPORT_FILE_NOTICES[kind], selection, headers, rows, fileName }, effects);
    } finally {
      setBusy(false);
    }
  };
  return { run, busy };
}
