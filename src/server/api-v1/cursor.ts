import { MAX_ROW_ID } from '../../domain/input-bounds';
import { badRequest } from '../http/errors';

/*
 * A /api/v1 cursor is opaque to clients: today it names the last row id of the page before,
 * tagged with its list so a cursor of /orders is not taken by /panels. Clients only hand back
 * what next_cursor gave them, so the encoding can change without a new API version.
 */

export function encodeCursor(list: string, lastId: number): string {
  return Buffer.from(`${list}:${lastId}`, 'utf8').toString('base64url');
}

/** The id a page starts below, or undefined for the first page; a foreign cursor is a 400. */
export function decodeCursor(list: string, cursor: string | undefined): number | undefined {
  if (cursor === undefined) return undefined;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^([a-z]+):([1-9][0-9]{0,9})$/.exec(text);
  const id = match ? Number(match[2]) : Number.NaN;
  if (!match || match[1] !== list || !(id <= MAX_ROW_ID)) {
    throw badRequest('cursor is not one this list gave out: pass next_cursor unchanged.', 'invalid_cursor');
  }
  return id;
}

/**
 * Rows fetched one past the limit tell whether another page follows; the page keeps `limit`
 * of them and its cursor names the last one kept.
 */
export function cursorPage<T>(list: string, rows: T[], limit: number, idOf: (row: T) => number) {
  const data = rows.slice(0, limit);
  const last = data.at(-1);
  return {
    data,
    next_cursor: rows.length > limit && last !== undefined ? encodeCursor(list, idOf(last)) : null,
  };
}

/** The rows a page reads: below `before` (all, for the first page), `limit` of them at most. */
export interface CursorWindow {
  before: number | undefined;
  limit: number;
}

/**
 * One page of a list, read and cut: `read` gets the id to start below (from the client's
 * cursor) and asks for one row past the limit; cursorPage keeps `limit` of them.
 */
export async function readCursorPage<T>(
  list: string,
  page: { limit: number; cursor?: string | undefined },
  read: (window: CursorWindow) => Promise<T[]>,
  idOf: (row: T) => number,
) {
  const rows = await read({ before: decodeCursor(list, page.cursor), limit: page.limit + 1 });
  return cursorPage(list, rows, page.limit, idOf);
}
