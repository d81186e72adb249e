import { createReadStream } from 'node:fs';
import { access } from 'node:fs/promises';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { createGunzip } from 'node:zlib';
import { z } from 'zod';
import type { SequenceState } from './catalog';
import { BackupFileError, type BackupHeader, backupHeaderSchema, markerSchema } from './format';

/** Rows handed to one INSERT, and the text they may add up to, whichever comes first. */
const BATCH_ROWS = 500;
const BATCH_CHARS = 4_000_000;

export type BackupEvent =
  | { kind: 'rows'; table: string; lines: string[] }
  | { kind: 'table-end'; table: string; count: number }
  | { kind: 'sequences'; sequences: SequenceState[] };

export interface OpenedBackup {
  header: BackupHeader;
  /** The rest of the file, in order, checked as it is read; throws BackupFileError. */
  events: AsyncGenerator<BackupEvent, { rows: number }>;
  /** Lets go of the file, whether or not the events were read to the end. */
  close(): Promise<void>;
}

/** The file's lines, decoded as they come out of gunzip: a file is never held in memory whole. */
async function* linesOf(file: string): AsyncGenerator<string> {
  const gunzip = createGunzip();
  // An unreadable file surfaces through gunzip, which the pipeline destroys with the error.
  pipeline(createReadStream(file), gunzip).catch(() => {});
  const decoder = new StringDecoder('utf8');
  let rest = '';
  for await (const chunk of gunzip) {
    rest += decoder.write(chunk as Buffer);
    const lines = rest.split('\n');
    rest = lines.pop() ?? '';
    yield* lines;
  }
  rest += decoder.end();
  if (rest !== '') yield rest;
}

function parseJson(line: string, what: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new BackupFileError(`${what} is not JSON.`);
  }
}

function parseWith<T>(schema: z.ZodType<T>, line: string, what: string): T {
  const result = schema.safeParse(parseJson(line, what));
  if (!result.success)
    throw new BackupFileError(`${what} is not what a backup holds: ${z.prettifyError(result.error)}`);
  return result.data;
}

/** Opens a backup and reads its header; the caller reads the rest through `events`. */
export async function openBackup(file: string): Promise<OpenedBackup> {
  const damaged = (error: unknown) =>
    error instanceof BackupFileError
      ? new BackupFileError(`${file}: ${error.message}`)
      : new BackupFileError(
          `${file} is not a readable backup: ${error instanceof Error ? error.message : String(error)}`,
        );
  await access(file).catch(() => {
    throw new BackupFileError(`${file} does not exist or cannot be read.`);
  });
  const lines = linesOf(file);
  let header: BackupHeader;
  try {
    const first = await lines.next();
    if (first.done) throw new BackupFileError('the file is empty.');
    const raw = parseJson(first.value, 'The first line');
    if (!(raw && typeof raw === 'object' && 'format' in raw && raw.format === 'panelhub-backup')) {
      throw new BackupFileError('this is not a PanelHub backup.');
    }
    header = parseWith(backupHeaderSchema, first.value, 'The header');
  } catch (error) {
    await lines.return(undefined);
    throw damaged(error);
  }
  async function* events(): AsyncGenerator<BackupEvent, { rows: number }> {
    try {
      return yield* readBody(header, lines);
    } catch (error) {
      throw damaged(error);
    } finally {
      await lines.return(undefined);
    }
  }
  return {
    header,
    events: events(),
    close: async () => {
      await lines.return(undefined);
    },
  };
}

/**
 * The body after the header, checked line by line against the header's table list: each
 * table once, in order, its row count as its end marker says, then the sequences and the
 * closing line. Rows are passed on as text; the database parses them.
 */
async function* readBody(
  header: BackupHeader,
  lines: AsyncGenerator<string>,
): AsyncGenerator<BackupEvent, { rows: number }> {
  const expected = header.tables.map((t) => t.name);
  let table: string | undefined;
  let batch: string[] = [];
  let batchChars = 0;
  let count = 0;
  let total = 0;
  let sequencesSeen = false;
  let lineNumber = 1;
  for await (const line of lines) {
    lineNumber += 1;
    const where = `Line ${lineNumber}`;
    if (line.startsWith('{')) {
      if (!table) throw new BackupFileError(`${where} is a row outside any table.`);
      batch.push(line);
      batchChars += line.length;
      count += 1;
      if (batch.length >= BATCH_ROWS || batchChars >= BATCH_CHARS) {
        yield { kind: 'rows', table, lines: batch };
        batch = [];
        batchChars = 0;
      }
      continue;
    }
    const marker = parseWith(markerSchema, line, where);
    if (marker[0] === 'table') {
      if (table || marker[1] !== expected[0]) {
        throw new BackupFileError(
          `${where} starts table ${marker[1]} where ${expected[0] ?? 'none'} was due.`,
        );
      }
      table = marker[1];
      count = 0;
    } else if (marker[0] === 'end') {
      if (marker[1] !== table) throw new BackupFileError(`${where} ends ${marker[1]}, which is not open.`);
      if (marker[2] !== count) {
        throw new BackupFileError(`table ${table} holds ${count} rows where its end says ${marker[2]}.`);
      }
      if (batch.length > 0) yield { kind: 'rows', table, lines: batch };
      batch = [];
      batchChars = 0;
      yield { kind: 'table-end', table, count };
      total += count;
      expected.shift();
      table = undefined;
    } else if (marker[0] === 'sequences') {
      if (table || expected.length > 0 || sequencesSeen) {
        throw new BackupFileError(`${where}: the sequences come after every table, once.`);
      }
      sequencesSeen = true;
      yield { kind: 'sequences', sequences: marker[1] };
    } else {
      if (!sequencesSeen) throw new BackupFileError(`${where} ends the backup before its tables did.`);
      if (marker[1] !== total)
        throw new BackupFileError(`it holds ${total} rows where its end says ${marker[1]}.`);
      for await (const after of lines) {
        if (after.trim() !== '') throw new BackupFileError('it goes on after its last line.');
      }
      return { rows: total };
    }
  }
  throw new BackupFileError('it ends early: the backup was cut short, or the file was.');
}
