import type { DatabaseHandle } from '../db/client';
import { runMigrations } from '../db/migrate';
import { qualified, quoteIdent, readTables, setSequences, type TableShape } from './catalog';
import { BackupFileError, type BackupHeader, BackupRefusedError } from './format';
import { type MigrationLevel, migrateUpTo, readLevel, releaseLevels } from './migration-level';
import { type OpenedBackup, openBackup } from './read-backup';
import { inTransaction, pooled, type RawQuery } from './session';

/**
 * Tables the migrations (and a server's start) fill by themselves: settings such as the
 * invoice seller and the invoice counter. A database holding rows only here is still empty;
 * the backup's rows replace them. backup.test.ts checks that a migrated database holds rows
 * in no other table, so a migration that seeds a new one fails there first.
 */
export const SETTINGS_TABLES = ['app_meta', 'counters'];

export interface RestoreSummary {
  tables: number;
  rows: number;
  header: BackupHeader;
  /** The level the backup was at, and the level the database is at now (this release's). */
  from: MigrationLevel;
  to: MigrationLevel;
  ms: number;
}

const describeLevel = (level: MigrationLevel) => `migration ${level.count}`;

/** Tables holding rows that the restore would mix with the backup's (settings tables excepted). */
async function tablesWithRows(query: RawQuery, tables: TableShape[]): Promise<string[]> {
  const filled: string[] = [];
  for (const { name } of tables) {
    if (SETTINGS_TABLES.includes(name)) continue;
    const [row] = await query<{ any: boolean }>(`select exists (select 1 from ${qualified(name)}) as any`);
    if (row?.any) filled.push(name);
  }
  return filled;
}

function refuseFilled(filled: string[]): void {
  if (filled.length === 0) return;
  const shown = filled.slice(0, 5).join(', ') + (filled.length > 5 ? ', ...' : '');
  throw new BackupRefusedError(
    `The database is not empty (rows in ${shown}): restore only into a new database, or one nothing has used since its migrations. Nothing was changed.`,
  );
}

/**
 * Loads a backup into an empty database: one with no tables, or one migrated and never used.
 * A database with no tables is first migrated to the backup's level; after the load, the
 * migrations this release adds since run on the restored rows, as they would on an upgrade.
 * The rows go in one transaction with the tables' triggers off: they are the source's stored
 * rows, invoice numbers, snapshots and all, and must not be numbered, snapshot or e-mailed
 * again. A failure leaves the tables empty.
 */
export async function restoreDatabase(handle: DatabaseHandle, file: string): Promise<RestoreSummary> {
  const started = performance.now();
  const backup = await openBackup(file);
  try {
    const { header } = backup;
    const release = await releaseLevels();
    if (!release.knows(header.migrations)) {
      throw new BackupRefusedError(
        `${file} was made at ${describeLevel(header.migrations)}, which this release does not have (it goes to ${describeLevel(release.latest)}): restore it with the release that made it, or a later one.`,
      );
    }
    const before = await readLevel(pooled(handle));
    refuseFilled(await tablesWithRows(pooled(handle), await readTables(pooled(handle))));
    if (before.count > header.migrations.count) {
      throw new BackupRefusedError(
        `The database is at ${describeLevel(before)}, past the backup's ${describeLevel(header.migrations)}: restore into a new database with no tables, which is migrated to the backup's level, loaded, then migrated on. Nothing was changed.`,
      );
    }
    await migrateUpTo(handle, header.migrations.count);

    const rows = await inTransaction(handle, 'write', async (query) => {
      const tables = await readTables(query);
      checkShape(tables, header);
      // Disabling a trigger locks its table, so the emptiness checked next cannot change before commit.
      for (const { name } of tables) await query(`alter table ${qualified(name)} disable trigger user`);
      refuseFilled(await tablesWithRows(query, tables));
      for (const name of SETTINGS_TABLES) {
        if (tables.some((t) => t.name === name)) await query(`delete from ${qualified(name)}`);
      }
      const total = await load(query, tables, backup.events);
      for (const { name } of tables) await query(`alter table ${qualified(name)} enable trigger user`);
      return total;
    });

    await runMigrations(handle);
    return {
      tables: header.tables.length,
      rows,
      header,
      from: header.migrations,
      to: await readLevel(pooled(handle)),
      ms: Math.round(performance.now() - started),
    };
  } finally {
    await backup.close();
  }
}

/** Same level, same tables: anything else is a database changed by hand, which a load would half fit. */
function checkShape(tables: TableShape[], header: BackupHeader): void {
  const shape = (list: TableShape[]) =>
    list
      .map((t) => `${t.name}(${t.columns.join(',')})`)
      .sort()
      .join(' ');
  if (shape(tables) !== shape(header.tables)) {
    throw new BackupRefusedError(
      'The database has other tables or columns than the backup at the same migration level; it was changed by hand. Restore into a new database. Nothing was changed.',
    );
  }
}

async function load(query: RawQuery, tables: TableShape[], events: OpenedBackup['events']): Promise<number> {
  const statements = new Map(
    tables.map(({ name, columns }) => {
      const list = columns.map(quoteIdent).join(', ');
      const target = qualified(name);
      return [
        name,
        `insert into ${target} (${list}) overriding system value
         select ${list} from json_populate_recordset(null::${target}, $1::json)`,
      ];
    }),
  );
  for (;;) {
    const next = await events.next();
    if (next.done) return next.value.rows;
    const event = next.value;
    if (event.kind === 'rows') {
      await query(statements.get(event.table) ?? '', [`[${event.lines.join(',')}]`]);
    } else if (event.kind === 'table-end') {
      const [row] = await query<{ n: string }>(`select count(*)::text as n from ${qualified(event.table)}`);
      if (Number(row?.n) !== event.count) {
        throw new BackupFileError(
          `${event.table} took ${row?.n} rows where the backup holds ${event.count}.`,
        );
      }
    } else {
      await setSequences(query, event.sequences);
    }
  }
}
