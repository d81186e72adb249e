import type { RawQuery } from './session';

/** The application's tables: every table of the public schema (the migrations journal lives apart). */
const SCHEMA = 'public';

export interface TableShape {
  name: string;
  /** Writable columns in table order: generated columns are computed again on insert. */
  columns: string[];
}

export interface SequenceState {
  name: string;
  /** Text: a bigint may exceed what a JavaScript number holds exactly. */
  value: string;
  called: boolean;
}

export const quoteIdent = (name: string) => `"${name.replaceAll('"', '""')}"`;
export const qualified = (table: string) => `${quoteIdent(SCHEMA)}.${quoteIdent(table)}`;

/**
 * The tables in an order where every table comes after those its foreign keys point to, so a
 * restore inserts parents first. Read from the catalog rather than listed by hand: a table a
 * later migration adds is backed up without anyone remembering to add it here.
 */
export async function readTables(query: RawQuery): Promise<TableShape[]> {
  const columns = await query<{ table: string; column: string }>(
    `select c.relname as "table", a.attname as "column"
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where n.nspname = $1 and c.relkind in ('r', 'p') and not c.relispartition
        and a.attgenerated = ''
      order by c.relname, a.attnum`,
    [SCHEMA],
  );
  const links = await query<{ child: string; parent: string }>(
    `select child.relname as child, parent.relname as parent
       from pg_constraint k
       join pg_class child on child.oid = k.conrelid
       join pg_class parent on parent.oid = k.confrelid
       join pg_namespace n on n.oid = child.relnamespace
      where k.contype = 'f' and n.nspname = $1`,
    [SCHEMA],
  );
  const shapes = new Map<string, string[]>();
  for (const { table, column } of columns) shapes.set(table, [...(shapes.get(table) ?? []), column]);
  return dependencyOrder([...shapes.keys()], links).map((name) => ({
    name,
    columns: shapes.get(name) ?? [],
  }));
}

/** Kahn's algorithm, ties broken by name so two backups of one schema list tables alike. */
export function dependencyOrder(tables: string[], links: { child: string; parent: string }[]): string[] {
  const waitingOn = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const { child, parent } of links) {
    // A table pointing at itself would need its rows sorted, which no table here does.
    if (child !== parent && waitingOn.has(parent)) waitingOn.get(child)?.add(parent);
  }
  const ordered: string[] = [];
  while (waitingOn.size > 0) {
    const ready = [...waitingOn].filter(([, parents]) => parents.size === 0).map(([t]) => t);
    if (ready.length === 0) {
      throw new Error(`The foreign keys between ${[...waitingOn.keys()].join(', ')} form a cycle.`);
    }
    for (const table of ready.sort()) {
      ordered.push(table);
      waitingOn.delete(table);
      for (const parents of waitingOn.values()) parents.delete(table);
    }
  }
  return ordered;
}

/** Where each sequence of the schema stands (identity columns are backed by one each). */
export async function readSequences(query: RawQuery): Promise<SequenceState[]> {
  return query<{ name: string; value: string; called: boolean }>(
    `select sequencename as name, coalesce(last_value, start_value)::text as value,
            last_value is not null as called
       from pg_sequences where schemaname = $1 order by sequencename`,
    [SCHEMA],
  );
}

export async function setSequences(query: RawQuery, sequences: SequenceState[]): Promise<void> {
  for (const { name, value, called } of sequences) {
    await query('select setval($1::regclass, $2::bigint, $3)', [qualified(name), value, called]);
  }
}
