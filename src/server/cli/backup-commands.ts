import { z } from 'zod';
import { BackupFileError, BackupRefusedError } from '../backup/format';
import { restoreDatabase } from '../backup/restore';
import { backupDatabase } from '../backup/write-backup';
import type { DatabaseHandle } from '../db/client';
import { CommandError } from './commands';

/** backup and restore take one argument, the file. */
export const fileArgumentsSchema = z.tuple([z.string().min(1, 'the backup file')], {
  error: 'one argument: the backup file, e.g. backup panelhub-2026-01-31.jsonl.gz',
});

/** Exit code 2 when it is missing or doubled, like every other refusal of these commands. */
export function parseFileArgument(positionals: unknown): string {
  const result = fileArgumentsSchema.safeParse(positionals);
  if (!result.success) throw new CommandError(`<file>: ${result.error.issues[0]?.message ?? 'invalid'}`, 2);
  return result.data[0];
}

/** Refusals (exit code 2) keep their one line; anything else is a failure of its own. */
async function refusingWith2<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof BackupFileError || error instanceof BackupRefusedError) {
      throw new CommandError(error.message, 2);
    }
    throw error;
  }
}

const size = (bytes: number) =>
  bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} kB`;

export async function backupCommand(database: DatabaseHandle, file: string): Promise<string> {
  const done = await refusingWith2(() => backupDatabase(database, file));
  return `Backed up ${done.rows} rows of ${done.tables} tables to ${file} (${size(done.bytes)}) in ${(done.ms / 1000).toFixed(1)} s. Panel passwords are in it encrypted: keep PANEL_SECRET_KEY (and SESSION_SECRET) apart from it, restoring needs the same keys.`;
}

export async function restoreCommand(database: DatabaseHandle, file: string): Promise<string> {
  const done = await refusingWith2(() => restoreDatabase(database, file));
  const migrated =
    done.to.count > done.from.count
      ? `, then migrated from migration ${done.from.count} to ${done.to.count}`
      : '';
  return `Restored ${done.rows} rows of ${done.tables} tables from ${file} (made ${done.header.createdAt} on ${done.header.driver})${migrated} in ${(done.ms / 1000).toFixed(1)} s. Start the server with the source's PANEL_SECRET_KEY and SESSION_SECRET.`;
}
