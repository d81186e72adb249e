import { z } from 'zod';

/*
 * A backup file is gzip'd JSON lines, the same whichever driver wrote it:
 *   line 1     the header (backupHeaderSchema)
 *   then, per table, in the header's order (parents before the tables pointing at them):
 *              ["table", name]
 *              one JSON object per row, as PostgreSQL's row_to_json wrote it
 *              ["end", name, rowCount]
 *   then       ["sequences", [{ name, value, called }, ...]]
 *   last       ["end-of-backup", totalRows]
 * Markers are arrays and rows are objects, so a row can never be read as a marker whatever
 * its column names. The last line is what tells a complete file from one cut short.
 */

export const BACKUP_FORMAT = 'panelhub-backup';
export const BACKUP_VERSION = 1;

const name = z.string().min(1).max(63);

export const backupHeaderSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  version: z.literal(BACKUP_VERSION),
  createdAt: z.iso.datetime(),
  /** Which driver the source ran on: informative, the rows are the same either way. */
  driver: z.enum(['pglite', 'postgres']),
  serverVersion: z.string(),
  migrations: z.object({ count: z.number().int().min(0), last: z.number().int().min(0) }),
  tables: z.array(z.object({ name, columns: z.array(name).min(1) })),
});
export type BackupHeader = z.infer<typeof backupHeaderSchema>;

const sequenceSchema = z.object({ name, value: z.string().regex(/^-?\d+$/), called: z.boolean() });

export const markerSchema = z.union([
  z.tuple([z.literal('table'), name]),
  z.tuple([z.literal('end'), name, z.number().int().min(0)]),
  z.tuple([z.literal('sequences'), z.array(sequenceSchema)]),
  z.tuple([z.literal('end-of-backup'), z.number().int().min(0)]),
]);
export type Marker = z.infer<typeof markerSchema>;

/** The file is not a backup this release can read, or it is damaged or incomplete. */
export class BackupFileError extends Error {
  override name = 'BackupFileError';
}

/** The command would destroy or mix data: the target holds rows, the file exists, and the like. */
export class BackupRefusedError extends Error {
  override name = 'BackupRefusedError';
}
