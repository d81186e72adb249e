import { encodeCsv } from '../../domain/csv';
import { EXPORT_FAILED, EXPORT_FAILED_DESCRIPTION, EXPORT_SUCCESS } from '../../domain/messages';

interface Notice {
  title: string;
  description: string;
}

/** Where an export's outcome goes: toasts in the app, a spy in the tests. */
export interface ExportEffects {
  error(notice: Notice): void;
  success(notice: Notice): void;
  download(fileName: string, text: string): void;
}

export interface ExportJob<T> {
  selection: readonly T[];
  /** The destructive toast for an empty selection (docs/product.md §5). */
  nothingSelected: Notice;
  headers: readonly string[];
  /** May fetch (panel passwords): any failure ends in the documented 'Export Failed'. */
  rows: (
    selection: readonly T[],
  ) => Promise<readonly (readonly unknown[])[]> | readonly (readonly unknown[])[];
  fileName: string;
  successDescription: (count: number) => string;
}

/**
 * Runs a selection export (docs/product.md §3, §5, §8): nothing selected -> the "none selected"
 * toast; a failure anywhere (fetching, encoding, the download) -> 'Export Failed'; otherwise
 * the file and 'Export Successful' with the number of records written. Returns whether a file
 * was produced.
 */
export async function runExport<T>(job: ExportJob<T>, effects: ExportEffects): Promise<boolean> {
  if (job.selection.length === 0) {
    effects.error(job.nothingSelected);
    return false;
  }
  try {
    const rows = await job.rows(job.selection);
    effects.download(job.fileName, encodeCsv(job.headers, rows));
    effects.success({ title: EXPORT_SUCCESS, description: job.successDescription(rows.length) });
    return true;
  } catch {
    effects.error({ title: EXPORT_FAILED, description: EXPORT_FAILED_DESCRIPTION });
    return false;
  }
}
