import { type ImportReport, importReportSchema } from '../../../domain/api/admin/panels';
import { ApiRequestError } from '../../lib/api';

/**
 * Uploads an inventory CSV as text/csv, the body the import route reads (the JSON client
 * cannot send a raw body). Errors come back in the API's one shape, like every other call.
 */
export async function importPanelsCsv(file: Blob): Promise<ImportReport> {
  const response = await fetch('/api/admin/panels/import', {
    method: 'POST',
    credentials: 'same-origin',
    headers: { 'content-type': 'text/csv', accept: 'application/json' },
    body: file,
  });
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const error = (data as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiRequestError(
      response.status,
      error?.code ?? 'http_error',
      error?.message ?? `Import failed (${response.status}).`,
    );
  }
  return importReportSchema.parse(data);
}
