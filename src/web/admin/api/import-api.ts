import { type ImportReport, importReportSchema } from '../../../domain/api/admin/panels';
import { api } from '../../lib/api';

/** Uploads an inventory CSV as text/csv, the body the import route reads. */
export function importPanelsCsv(file: Blob): Promise<ImportReport> {
  return api('/api/admin/panels/import', {
    upload: { file, contentType: 'text/csv' },
    schema: importReportSchema,
  });
}
