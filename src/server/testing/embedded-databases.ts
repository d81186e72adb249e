import { readFile } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';
import { type DatabaseHandle, openDatabase } from '../db/client';

/*
 * The suite's embedded databases, kept per worker process. Loading the migrated dump costs a
 * second or more (unpacking and starting the engine); emptying a database back to the state
 * the migrations left costs a few milliseconds. So a test file that is done hands its database
 * back, and the next file of the same worker gets it emptied. A file that holds two at once
 * gets a second one loaded from the dump.
 */

interface Baseline {
  /** Every table of ours, quoted and schema-qualified, for one TRUNCATE. */
  tables: string[];
  /** The rows the migrations wrote (settings, the migrations journal), per table. */
  rows: { table: string; columns: string; json: string }[];
  /** Every sequence and where the migrations left it. */
  sequences: { name: string; value: number; called: boolean }[];
}

interface Embedded {
  handle: DatabaseHandle;
  client: PGlite;
  baseline: Baseline;
}

const idle: Embedded[] = [];
const lent = new Map<DatabaseHandle, Embedded>();

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

async function readBaseline(client: PGlite): Promise<Baseline> {
  const { rows: tableRows } = await client.query<{ schema: string; name: string }>(
    `select schemaname as schema, tablename as name from pg_tables
     where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  const tables = tableRows.map((t) => `${quote(t.schema)}.${quote(t.name)}`);
  const rows: Baseline['rows'] = [];
  for (const table of tables) {
    const { rows: counted } = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
    if (!counted[0]?.n) continue;
    // Generated columns cannot be written; identity columns are written as they were.
    const { rows: cols } = await client.query<{ name: string }>(
      `select attname as name from pg_attribute
       where attrelid = $1::regclass and attnum > 0 and not attisdropped and attgenerated = ''
       order by attnum`,
      [table],
    );
    const columns = cols.map((c) => quote(c.name)).join(', ');
    const { rows: data } = await client.query<{ json: string }>(
      `select json_agg(t)::text as json from (select ${columns} from ${table}) t`,
    );
    rows.push({ table, columns, json: data[0]?.json ?? '[]' });
  }
  const { rows: seqRows } = await client.query<{
    schema: string;
    name: string;
    value: string;
    called: boolean;
  }>(
    `select schemaname as schema, sequencename as name,
            coalesce(last_value, start_value)::text as value, last_value is not null as called
     from pg_sequences`,
  );
  const sequences = seqRows.map((q) => ({
    name: `${quote(q.schema)}.${quote(q.name)}`,
    value: Number(q.value),
    called: q.called,
  }));
  return { tables, rows, sequences };
}

/**
 * Back to what the migrations left: no rows of any test, sequences where they started. Only
 * what a test touched is put back: truncating every table costs PGlite a new file per table,
 * a tenth of a second a file, while most files leave most tables empty.
 */
async function empty({ client, baseline }: Embedded): Promise<void> {
  const touched = await touchedSince(client, baseline);
  await client.transaction(async (tx) => {
    // Triggers (and the foreign keys, which are triggers) stay quiet while rows go and the
    // migrations' own rows go back in: they were checked when the migrations wrote them.
    await tx.exec('set local session_replication_role = replica');
    if (touched.tables.length > 0) await tx.exec(`truncate table ${touched.tables.join(', ')} cascade`);
    for (const { table, columns, json } of baseline.rows) {
      if (!touched.tables.includes(table)) continue;
      await tx.query(
        `insert into ${table} (${columns}) overriding system value
         select ${columns} from json_populate_recordset(null::${table}, $1::json)`,
        [json],
      );
    }
    for (const { name, value, called } of touched.sequences) {
      await tx.query('select setval($1::regclass, $2, $3)', [name, value, called]);
    }
  });
  await client.query('select pg_advisory_unlock_all()');
}

/**
 * The tables holding any row (and every table the migrations wrote rows to, whose rows a test
 * may have changed), and the sequences no longer where the migrations left them: one query.
 */
async function touchedSince(
  client: PGlite,
  baseline: Baseline,
): Promise<{ tables: string[]; sequences: Baseline['sequences'] }> {
  const seeded = new Set(baseline.rows.map((r) => r.table));
  const probed = baseline.tables.filter((table) => !seeded.has(table));
  const { rows } = await client.query<{
    filled: boolean[];
    sequences: { schema: string; name: string; value: string; called: boolean }[];
  }>(
    `select array[${probed.map((table) => `exists (select from ${table})`).join(', ') || 'false'}] as filled,
            (select json_agg(json_build_object(
               'schema', schemaname, 'name', sequencename,
               'value', coalesce(last_value, start_value)::text, 'called', last_value is not null))
             from pg_sequences) as sequences`,
  );
  const filled = rows[0]?.filled ?? [];
  const now = new Map((rows[0]?.sequences ?? []).map((q) => [`${quote(q.schema)}.${quote(q.name)}`, q]));
  return {
    tables: [...seeded, ...probed.filter((_, i) => filled[i])],
    sequences: baseline.sequences.filter((q) => {
      const current = now.get(q.name);
      return !current || Number(current.value) !== q.value || current.called !== q.called;
    }),
  };
}

async function load(dumpFile: string): Promise<Embedded> {
  const bytes = await readFile(dumpFile);
  const handle = await openDatabase({ kind: 'pglite', loadDataDir: new Blob([bytes]) });
  if (handle.driver.kind !== 'pglite') throw new Error('expected PGlite');
  const client = handle.driver.client;
  return { handle, client, baseline: await readBaseline(client) };
}

/** A migrated embedded database with no test's rows in it. */
export async function takeEmbedded(dumpFile: string): Promise<DatabaseHandle> {
  const reused = idle.pop();
  const embedded = reused ?? (await load(dumpFile));
  if (reused) await empty(reused);
  lent.set(embedded.handle, embedded);
  return embedded.handle;
}

/** Hands a database back for the next test file of this worker. */
export async function giveBackEmbedded(handle: DatabaseHandle): Promise<void> {
  const embedded = lent.get(handle);
  if (!embedded) return;
  lent.delete(handle);
  if (embedded.client.closed) return;
  idle.push(embedded);
}
