import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import { type OutboxFigure, type StoreFigures, sharedPerScrape } from './store-figures';

/**
 * The series read from the database, each filled by its collect() when Prometheus scrapes, so
 * nothing queries on a timer. A failed or slow read leaves them out of that scrape (a stale
 * figure would look fine while the database is not) and is counted instead.
 */
export function registerStoreGauges(
  registry: Registry,
  read: () => Promise<StoreFigures>,
  log: Pick<FastifyBaseLogger, 'warn'>,
): void {
  // One read, one warning and one count per scrape, whatever the number of series.
  const figures = sharedPerScrape(() =>
    read().catch((err: unknown) => {
      failures.inc();
      log.warn({ err }, 'metrics: the database figures could not be read');
      return null;
    }),
  );

  const failures = new Counter({
    name: 'panelhub_metrics_read_failures_total',
    help: 'Scrapes whose database figures could not be read in time; those series were left out.',
    registers: [registry],
    // Joins this scrape's read, so a failure is counted in the scrape it happened in.
    collect: async () => {
      await figures();
    },
  });
  failures.inc(0);

  function figureGauge<L extends string>(
    config: { name: string; help: string; labelNames?: L[] },
    fill: (gauge: Gauge<L>, figures: StoreFigures) => void,
  ) {
    const gauge: Gauge<L> = new Gauge<L>({
      ...config,
      registers: [registry],
      collect: async () => {
        gauge.reset();
        // reset() leaves a series without labels at 0, which would read as a real figure.
        if (!config.labelNames) gauge.remove({});
        const read = await figures();
        if (read) fill(gauge, read);
      },
    });
  }

  function perOutboxKind(name: string, help: string, figure: Exclude<keyof OutboxFigure, 'kind'>) {
    figureGauge({ name, help, labelNames: ['kind'] }, (gauge, { outbox }) => {
      for (const row of outbox) gauge.set({ kind: row.kind }, row[figure]);
    });
  }

  perOutboxKind(
    'panelhub_outbox_pending',
    'Outbox rows not yet delivered, by kind (webhook: customer webhook messages awaiting delivery or a retry).',
    'pending',
  );
  perOutboxKind(
    'panelhub_outbox_oldest_age_seconds',
    'Age of the oldest undelivered outbox row, by kind; 0 when none is waiting.',
    'oldestAgeSeconds',
  );
  figureGauge(
    { name: 'panelhub_panels_in_stock', help: 'Panels available for allocation.' },
    (gauge, { panelsInStock }) => gauge.set(panelsInStock),
  );
  figureGauge(
    { name: 'panelhub_orders_waiting_for_stock', help: 'Paid orders still missing panels.' },
    (gauge, { ordersWaitingForStock }) => gauge.set(ordersWaitingForStock),
  );
  figureGauge(
    {
      name: 'panelhub_panels_short',
      help: 'Panels that waiting orders and approved replacements need beyond the stock available.',
    },
    (gauge, { panelsShort }) => gauge.set(panelsShort),
  );
}
