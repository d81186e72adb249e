import { count, eq, sql } from 'drizzle-orm';
import { OUTBOX_KINDS } from '../../domain/status';
import { type Database, rowsOf } from '../db/client';
import { panels } from '../db/schema';
import { backlog } from '../provisioning/backlog';

/** The customer webhooks' outbox, reported beside the outbox's own kinds. */
export const WEBHOOK_OUTBOX_KIND = 'webhook';
export const REPORTED_OUTBOX_KINDS = [...OUTBOX_KINDS, WEBHOOK_OUTBOX_KIND] as const;

export interface OutboxFigure {
  kind: (typeof REPORTED_OUTBOX_KINDS)[number];
  pending: number;
  /** 0 when nothing is pending. */
  oldestAgeSeconds: number;
}

export interface StoreFigures {
  outbox: OutboxFigure[];
  panelsInStock: number;
  ordersWaitingForStock: number;
  panelsShort: number;
}

export class ReadTimeoutError extends Error {
  override name = 'ReadTimeoutError';
}

/**
 * What the database says at scrape time, in one short read-only transaction whose statements
 * the server gives up after `timeoutMs`, and which the scrape stops waiting for by then too
 * (the embedded database has no statement timer). A slow database then costs a scrape these
 * figures, never a scrape that hangs or a pile of queries behind it.
 */
export function readStoreFigures(db: Database, timeoutMs: number): Promise<StoreFigures> {
  let timer: NodeJS.Timeout | undefined;
  const giveUp = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new ReadTimeoutError(`store figures took over ${timeoutMs} ms`)),
      timeoutMs,
    );
    timer.unref();
  });
  const read = db.transaction(
    async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${Math.max(1, Math.round(timeoutMs))}`));
      const outbox = rowsOf<{ kind: string; pending: number; oldest: number }>(
        await tx.execute(sql`
          select kind, count(*)::int as pending,
            greatest(0, extract(epoch from now() - min(created_at)))::float8 as oldest
          from outbox_messages where status = 'pending' group by kind
          union all
          select ${WEBHOOK_OUTBOX_KIND}, count(*)::int,
            coalesce(greatest(0, extract(epoch from now() - min(created_at))), 0)::float8
          from webhook_messages where status in ('pending', 'failed')`),
      );
      const [stock] = await tx.select({ n: count() }).from(panels).where(eq(panels.status, 'available'));
      const waiting = await backlog(tx);
      return {
        outbox: REPORTED_OUTBOX_KINDS.map((kind) => {
          const row = outbox.find((r) => r.kind === kind);
          return { kind, pending: Number(row?.pending ?? 0), oldestAgeSeconds: Number(row?.oldest ?? 0) };
        }),
        panelsInStock: Number(stock?.n ?? 0),
        ordersWaitingForStock: waiting.waitingOrders,
        panelsShort: waiting.panelsShort,
      };
    },
    { accessMode: 'read only' },
  );
  return Promise.race([read, giveUp]).finally(() => clearTimeout(timer));
}

/**
 * One read shared by every series that shows it: the registry collects all series side by
 * side, so the first asks and the others join, and the next scrape reads afresh.
 */
export function sharedPerScrape<T>(read: () => Promise<T>): () => Promise<T> {
  let inFlight: Promise<T> | null = null;
  return () => {
    inFlight ??= read().finally(() => {
      inFlight = null;
    });
    return inFlight;
  };
}
