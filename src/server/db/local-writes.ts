/**
 * How many statements that may have changed data this process has run on PostgreSQL, on any
 * handle: what it remembers between changes it hears of from other processes is good only
 * while this count stands still (auth/session-cache.ts), so a process always reads its own
 * writes. Counted when a statement settles, a transaction's at its COMMIT too.
 */
let count = 0;

export function localWriteCount(): number {
  return count;
}

export function countLocalWrite(): void {
  count++;
}
