import { Readable } from 'node:stream';
import { and, desc, lt, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable, SelectedFieldsFlat } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Endpoint } from '../../domain/api/endpoint';
import { CSV_LINE_BREAK, type ExportKind, encodeCsvRow, exportFileName } from '../../domain/csv';
import { recordActorAudit } from '../audit/audit';
import type { Actor } from '../auth/actor';
import type { Database } from '../db/client';
import type { EndpointHandler, Serve } from '../http/serve';

/** Rows read per query while streaming an export. */
export const EXPORT_BATCH_SIZE = 1000;

export interface CsvExportSource<R> {
  header: readonly string[];
  /** The next batch in id order, after the given id (null: from the start). */
  batch(afterId: number | null): Promise<R[]>;
  idOf(row: R): number;
  fields(row: R): unknown[];
}

/**
 * "Export all matching" (D12) as a stream: keyset pages of EXPORT_BATCH_SIZE rows (each
 * query starts after the last id sent, so no OFFSET rescans and never the whole result in
 * memory), encoded with the domain's RFC 4180 encoder. A filter that matches nothing gets the
 * header row alone: the download is a link, and an error body would be saved as the file. The
 * first batch is read before the response starts, so a failing query is still an error answer.
 * No transaction is held across the download: a slow client must not pin a connection.
 */
export async function openCsvExport<R>(source: CsvExportSource<R>): Promise<AsyncIterable<string>> {
  const first = await source.batch(null);
  return (async function* () {
    yield encodeCsvRow(source.header);
    let rows = first;
    while (rows.length > 0) {
      yield rows.map((row) => CSV_LINE_BREAK + encodeCsvRow(source.fields(row))).join('');
      if (rows.length < EXPORT_BATCH_SIZE) return;
      rows = await source.batch(source.idOf(rows[rows.length - 1]!));
    }
  })();
}

/** An export on its way: which of the documented files it is (D12), and its text in chunks. */
export interface CsvExport {
  kind: ExportKind;
  chunks: AsyncIterable<string>;
}

/** An admin list's "export all matching": what is read, how a row is written, what is recorded. */
export interface AllMatchingExport<C extends SelectedFieldsFlat & { id: PgColumn }> {
  kind: ExportKind;
  header: readonly string[];
  table: PgTable;
  /** The columns a row is read with; `id`, an integer key that never ties, orders the batches. */
  columns: C;
  /** The list's filter. */
  where: SQL | undefined;
  fields(row: SelectResultFields<C>): unknown[];
  /** The audit entry's action and target type ('orders.exported', 'order'). */
  audit: { action: string; targetType: string };
  /** The filter as the admin gave it, for the audit entry. */
  filter: { search?: string | undefined; status?: string | undefined };
}

/**
 * Every row an admin list's filter matches, newest first by id (keyset batches need a key
 * that never ties), recorded in the audit log with the filter once the first batch is read,
 * so before the first byte leaves (D7).
 */
export async function exportAllMatching<C extends SelectedFieldsFlat & { id: PgColumn }>(
  db: Database,
  actor: Actor,
  spec: AllMatchingExport<C>,
): Promise<CsvExport> {
  const { id } = spec.columns;
  // Read with the columns as plain fields: drizzle types the rows from C only where C is known.
  const columns: SelectedFieldsFlat = spec.columns;
  const chunks = await openCsvExport({
    header: spec.header,
    batch: (afterId) =>
      db
        .select(columns)
        .from(spec.table)
        .where(afterId === null ? spec.where : and(spec.where, lt(id, afterId)))
        .orderBy(desc(id))
        .limit(EXPORT_BATCH_SIZE) as Promise<SelectResultFields<C>[]>,
    idOf: (row) => row.id as number,
    fields: spec.fields,
  });
  await recordActorAudit(db, actor, {
    action: spec.audit.action,
    targetType: spec.audit.targetType,
    details: {
      scope: 'all matching',
      search: spec.filter.search ?? null,
      status: spec.filter.status ?? null,
    },
  });
  return { kind: spec.kind, chunks };
}

export function sendCsv(reply: FastifyReply, fileName: string, chunks: AsyncIterable<string>) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(chunks));
}

/**
 * Serves an "export all matching" endpoint: the export comes from `exportOf` (which audit-logs
 * it), sent as its documented file, dated when asked for. No HEAD route: a HEAD would run (and
 * audit-log) a whole export only to throw the body away.
 */
export function serveCsvExport<E extends Endpoint>(
  serve: Serve,
  app: Parameters<FastifyPluginAsyncZod>[0],
  endpoint: E,
  now: () => Date,
  exportOf: (request: Parameters<EndpointHandler<E>>[0]) => Promise<CsvExport>,
): void {
  const send = async (request: Parameters<EndpointHandler<E>>[0], reply: FastifyReply) => {
    const asked = now();
    const { kind, chunks } = await exportOf(request);
    return sendCsv(reply, exportFileName(kind, asked), chunks);
  };
  // The answer is a file, not a JSON schema's shape: nothing for the types to check it against.
  serve(app, endpoint, send as unknown as EndpointHandler<E>, { exposeHeadRoute: false });
}
