import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { access, link, rename, stat, unlink } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import type { DatabaseHandle } from '../db/client';
import { qualified, quoteIdent, readSequences, readTables, type TableShape } from './catalog';
import { BACKUP_FORMAT, BACKUP_VERSION, type BackupHeader, BackupRefusedError, type Marker } from './format';
import { readLevel } from './migration-level';
import { inTransaction, type RawQuery } from './session';

/** Rows fetched from the cursor at a time: enough to keep the round trips few, small in memory. */
const FETCH_ROWS = 1000;

export interface BackupSummary {
  tables: number;
  rows: number;
  bytes: number;
  ms: number;
}

type WriteLine = (line: string) => Promise<void>;

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

/**
 * Writes a consistent snapshot of the database to `file`: every table read in one REPEATABLE
 * READ, READ ONLY transaction, streamed through a cursor into gzip, so neither a large table
 * nor a busy server is a problem. The rows are the stored bytes: panel passwords and webhook
 * secrets stay encrypted, and no key is read.
 *
 * The file appears only once complete (written beside it, then given its name), and an existing file
 * is never overwritten: a swapped argument must not replace the last good backup.
 */
export async function backupDatabase(
  handle: DatabaseHandle,
  file: string,
  now: () => Date = () => new Date(),
): Promise<BackupSummary> {
  const started = performance.now();
  if (await exists(file)) {
    throw new BackupRefusedError(`${file} already exists: a backup never overwrites a file; name a new one.`);
  }
  // Named for this process, so two backups started at once never write into one file.
  const partial = `${file}.${process.pid}.partial`;
  const gzip = createGzip();
  const written = pipeline(gzip, createWriteStream(partial, { mode: 0o600 }));
  // The writer's failure (a full disk) ends the backup rather than leaving it waiting to drain.
  written.catch(() => {});
  const writeLine: WriteLine = async (line) => {
    if (!gzip.write(`${line}\n`)) await Promise.race([once(gzip, 'drain'), written]);
  };
  try {
    const { tables, rows } = await inTransaction(handle, 'snapshot', (query) =>
      writeSnapshot(handle, query, writeLine, now),
    );
    gzip.end();
    await written;
    await publish(partial, file);
    return { tables, rows, bytes: (await stat(file)).size, ms: Math.round(performance.now() - started) };
  } catch (error) {
    gzip.destroy();
    await written.catch(() => {});
    await unlink(partial).catch(() => {});
    throw error;
  }
}

/**
 * Gives the finished file its name unless something took the name meanwhile: a hard link
 * fails where a rename would replace. A file system without hard links gets the rename.
 */
async function publish(partial: string, file: string): Promise<void> {
  try {
    await link(partial, file);
    await unlink(partial);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') {
      throw new BackupRefusedError(`${file} appeared while the backup ran: it was not overwritten.`);
    }
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EXDEV') throw error;
    await rename(partial, file);
  }
}

async function writeSnapshot(handle: DatabaseHandle, query: RawQuery, writeLine: WriteLine, now: () => Date) {
  // Timestamps are written with their offset either way; UTC makes two backups read alike.
  await query(`set local timezone = 'UTC'`);
  const tables = await readTables(query);
  const [server] = await query<{ version: string }>('select version() as version');
  const header: BackupHeader = {
    format: BACKUP_FORMAT,
    version: BACKUP_VERSION,
    createdAt: now().toISOString(),
    driver: handle.driver.kind,
    serverVersion: server?.version ?? '',
    migrations: await readLevel(query),
    tables,
  };
  await writeLine(JSON.stringify(header));
  let rows = 0;
  for (const table of tables) rows += await writeTable(query, table, writeLine);
  // Read after the rows: a sequence is never behind the rows it numbered.
  await writeLine(marker(['sequences', await readSequences(query)]));
  await writeLine(marker(['end-of-backup', rows]));
  return { tables: tables.length, rows };
}

const marker = (value: Marker) => JSON.stringify(value);

async function writeTable(query: RawQuery, table: TableShape, writeLine: WriteLine): Promise<number> {
  await writeLine(marker(['table', table.name]));
  const columns = table.columns.map(quoteIdent).join(', ');
  // PostgreSQL writes each row as JSON itself, and json_populate_recordset reads it back on
  // restore: no value passes through a JavaScript type on the way, so none can change.
  await query(
    `declare backup_rows no scroll cursor for
       select row_to_json(t)::text as line from (select ${columns} from ${qualified(table.name)}) t`,
  );
  let count = 0;
  for (;;) {
    const batch = await query<{ line: string }>(`fetch forward ${FETCH_ROWS} from backup_rows`);
    // One write per batch: gzip works through each write apart, and a row is small.
    if (batch.length > 0) await writeLine(batch.map(({ line }) => line).join('\n'));
    count += batch.length;
    if (batch.length < FETCH_ROWS) break;
  }
  await query('close backup_rows');
  await writeLine(marker(['end', table.name, count]));
  return count;
}
