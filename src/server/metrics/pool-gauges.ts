import type pg from 'pg';
import { Gauge, type Registry } from 'prom-client';

/**
 * The PostgreSQL pool's connections, as the pool counts them at scrape time. The embedded
 * database has no pool (one connection inside the process), so it reports none rather than
 * a made-up figure.
 */
export function registerPoolGauges(registry: Registry, pool: pg.Pool): void {
  const gauge = (name: string, help: string, value: () => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      collect() {
        this.set(value());
      },
    });
  gauge(
    'panelhub_db_pool_in_use',
    'PostgreSQL connections of this instance busy with a query or transaction.',
    () => pool.totalCount - pool.idleCount,
  );
  gauge(
    'panelhub_db_pool_waiting',
    'Queries of this instance waiting for a free connection.',
    () => pool.waitingCount,
  );
  gauge(
    'panelhub_db_pool_max',
    'Connections this instance may open (DATABASE_POOL_SIZE).',
    () => pool.options.max ?? 10,
  );
}
