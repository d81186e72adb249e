import { toast } from 'sonner';
import { type ExportKind, exportFileName } from '../../domain/csv';
import { downloadTextFile } from './download';
import { EXPORT_FILE_NOTICES } from './export-notices';
import { type ExportEffects, type ExportJob, runExport } from './run-export';
import { useBusy } from './use-busy';

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
  const { busy, track } = useBusy();
  const run = (selection: readonly T[]): Promise<boolean> =>
    track(() => {
      const fileName = exportFileName(kind, new Date());
      return runExport({ ...EXPORT_FILE_NOTICES[kind], selection, headers, rows, fileName }, effects);
    });
  return { run, busy };
}
