import { adminPanelsApi } from '../../../domain/api/admin/endpoints';
import type { ImportReport } from '../../../domain/api/admin/panels';
import { call } from '../../lib/call';

/** Uploads an inventory CSV as it is, in the content type the import route consumes. */
export function importPanelsCsv(file: Blob): Promise<ImportReport> {
  return call(adminPanelsApi.importCsv, { upload: file });
}
