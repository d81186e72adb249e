/**
 * bench/allocation: a burst of paid orders allocated at once.
 *
 * 1,000 pending orders of 5 panels each are confirmed at the same moment, each through the
 * payments service's handleEvent (what the sandbox and Stripe webhooks call once the
 * signature is checked): its own transaction for confirmPaymentTx and the 'Order confirmed'
 * e-mail, then the allocation sweep (fillWaitingOrders) after commit. The pool is the app's
 * own (openDatabase's default of 10 connections). Timed from the first event to the last one
 * settled; then the database is read back.
 *
 *   run 1: 5,000 panels in stock. Budget on PostgreSQL: <= 10 s, no panel sold twice or to
 *          the wrong customer, every order completed with exactly 5 panels.
 *   run 2: 4,000 in stock. The 800 oldest orders completed, the 200 youngest waiting (paid,
 *          shown as 'processing') with no panel; 500 more panels then go to the 100 oldest
 *          of those (docs/product.md §4, D7: oldest order first).
 *
 * PGlite runs the same and must be as correct; its times are information only.
 * PostgreSQL needs BENCH_DATABASE_URL (a role that may create databases): each run gets a
 * throw-away database next to it. BENCH_TARGETS=postgres,pglite picks.
 *
 *   npm run bench -- allocation        or        npx tsx bench/allocation/run.ts
 */
import { randomBytes } from 'node:crypto';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { createPaymentsService } from '../../src/server/payment-events/service';
import { createFulfillmentRunner } from '../../src/server/provisioning/fulfillment-runner';
import { addStock } from '../../src/server/testing/inventory';
import { benchTargets, count, inProcessConfig, loadAverageRow } from '../lib/in-process';
import { type BenchRow, report } from '../lib/report';
import { createDatabase, POSTGRES_NOT_RUN } from '../lib/server';
import { createWorld, type Outcome, PANELS_PER_ORDER, readOutcome } from './world';

const ORDERS = 1_000;
const BUDGET_MS = 10_000;
const RESTOCK_ORDERS = 100;

type Target = 'PostgreSQL' | 'PGlite';

interface Run {
  label: string;
  stock: number;
}

const RUNS: Run[] = [
  { label: 'run 1', stock: ORDERS * PANELS_PER_ORDER },
  { label: 'run 2', stock: (ORDERS - 200) * PANELS_PER_ORDER },
];

const targets = benchTargets();
const config = inProcessConfig();
const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

interface Measured {
  ms: number;
  /** Events that did not come back 'applied' with their order paid (or threw). */
  failed: number;
  /** Why events failed, with how many failed that way. */
  errors: Map<string, number>;
  /** Sweeps that handed out panels: the burst's confirmations share sweeps. */
  sweeps: number;
  outcome: Outcome;
  orderIds: number[];
  /** Run 2 only: the waiting orders completed after a restock, oldest first. */
  restocked?: { completedIds: number[] };
}

async function measure(handle: DatabaseHandle, run: Run): Promise<Measured> {
  await runMigrations(handle);
  const panelKey = randomBytes(32).toString('hex');
  const pending = await createWorld(handle, ORDERS, run.stock, panelKey);

  let sweeps = 0;
  const errors = new Map<string, number>();
  const noteError = (reason: unknown) => {
    const text = reason instanceof Error ? reason.message : String(reason);
    errors.set(text, (errors.get(text) ?? 0) + 1);
  };
  const noop = () => {};
  const log = {
    info: (_obj: unknown, msg?: string) => {
      if (msg === 'fulfillment sweep assigned panels') sweeps++;
    },
    warn: noop,
    error: (obj: unknown, msg?: string) =>
      noteError(`${msg ?? 'error'}: ${String((obj as { err?: unknown }).err)}`),
  };
  // The e-mails are queued in the database as in production; sending them is not measured.
  const outbox = { kick: noop };
  const now = () => new Date();
  const fulfillment = createFulfillmentRunner({ config, db: handle.db, outbox, log, now });
  const payments = createPaymentsService({ config, db: handle.db, outbox, fulfillment, log, now });

  const started = performance.now();
  // Started in id order: each event's clock reading (the order's paid_at) follows its id.
  const settled = await Promise.allSettled(
    pending.map((order) =>
      payments.handleEvent({
        provider: 'sandbox',
        id: `evt_bench_${order.id}`,
        event: {
          type: 'checkout.completed',
          orderId: order.id,
          sessionId: order.sessionId,
          chargeId: `ch_bench_${order.id}`,
          amountCents: order.totalCents,
        },
      }),
    ),
  );
  const ms = performance.now() - started;

  let failed = 0;
  for (const result of settled) {
    if (result.status === 'rejected') {
      failed++;
      noteError(result.reason);
    } else if (result.value.result !== 'applied' || result.value.paidOrderId === undefined) {
      failed++;
      noteError(JSON.stringify(result.value));
    }
  }
  const outcome = await readOutcome(handle);
  const measured: Measured = {
    ms,
    failed,
    errors,
    sweeps,
    outcome,
    orderIds: pending.map((o) => o.id),
  };

  if (run.stock < ORDERS * PANELS_PER_ORDER) {
    await addStock(handle.db, RESTOCK_ORDERS * PANELS_PER_ORDER, { prefix: 'restock', key: panelKey });
    await fulfillment.run();
    measured.restocked = { completedIds: (await readOutcome(handle)).completedIds };
  }
  await fulfillment.stop();
  return measured;
}

function rowsFor(target: Target, run: Run, m: Measured): BenchRow[] {
  const o = m.outcome;
  const held = target === 'PostgreSQL';
  const name = `${target} ${run.label} (${count(ORDERS)} orders x ${PANELS_PER_ORDER}, ${count(run.stock)} in stock)`;
  const rows: BenchRow[] = [];

  const timeBudget = held && run === RUNS[0];
  // A time in which some confirmations failed is not the time to confirm them all.
  const failedNote = m.failed > 0 ? `, but ${m.failed} events failed` : '';
  rows.push({
    what: `${name}: all confirmed and allocated`,
    value: `${(m.ms / 1000).toFixed(2)} s (${m.sweeps} sweep${m.sweeps === 1 ? '' : 's'} handed out panels${failedNote})`,
    budget: timeBudget ? `<= ${BUDGET_MS / 1000} s` : '-',
    ok: !timeBudget || (m.ms <= BUDGET_MS && m.failed === 0),
  });

  const wrong = o.soldTwice + o.overfilled + o.misassigned;
  rows.push({
    what: `${name}: panels sold twice / to the wrong customer`,
    value: `${o.soldTwice} sold twice, ${o.overfilled} orders over-filled, ${o.misassigned} misassigned (${count(o.soldPanels)} sold)`,
    budget: '0',
    ok: wrong === 0,
  });

  const statuses = Object.entries(o.byStatus)
    .map(([status, n]) => `${status} ${n}`)
    .join(', ');
  const events = `${ORDERS - m.failed} of ${ORDERS} events applied, ${o.payments} payments`;
  const error = [...m.errors].map(([text, n]) => `; ${n} x ${text.slice(0, 120)}`).join('');

  if (run === RUNS[0]) {
    const completed = o.byStatus.completed ?? 0;
    rows.push({
      what: `${name}: every order completed with ${PANELS_PER_ORDER} panels`,
      value: `${statuses}; ${o.completedShort} completed short; ${events}${error}`,
      budget: `${count(ORDERS)} completed`,
      ok: completed === ORDERS && o.completedShort === 0 && m.failed === 0 && o.payments === ORDERS,
    });
    return rows;
  }

  const served = run.stock / PANELS_PER_ORDER;
  const oldest = m.orderIds.slice(0, served);
  const youngest = m.orderIds.slice(served);
  const completedOldest = sameIds(o.completedIds, oldest);
  const waitingYoungest = sameIds(o.waitingIds, youngest);
  // Which orders are out of place, if any, says whether the queue or the clock is at fault.
  const jumped = o.completedIds.filter((id) => !oldest.includes(id));
  const passed = o.waitingIds.filter((id) => !youngest.includes(id));
  const detail =
    jumped.length + passed.length > 0
      ? `; younger orders served: ${jumped.slice(0, 5).join(', ')}${jumped.length > 5 ? '...' : ''}; older left waiting: ${passed.slice(0, 5).join(', ')}${passed.length > 5 ? '...' : ''}`
      : '';
  rows.push({
    what: `${name}: the ${count(served)} oldest completed, the ${ORDERS - served} youngest waiting`,
    value: `${statuses}; oldest completed: ${completedOldest ? 'yes' : 'NO'}, youngest waiting: ${waitingYoungest ? 'yes' : 'NO'}, ${o.waitingWithPanels} waiting hold panels, ${o.availablePanels} left in stock; ${events}${detail}${error}`,
    budget: 'exact',
    ok:
      completedOldest &&
      waitingYoungest &&
      o.completedShort === 0 &&
      o.waitingWithPanels === 0 &&
      o.availablePanels === 0 &&
      m.failed === 0 &&
      o.payments === ORDERS,
  });

  const next = m.orderIds.slice(0, served + RESTOCK_ORDERS);
  const after = m.restocked?.completedIds ?? [];
  rows.push({
    what: `${name}: then ${RESTOCK_ORDERS * PANELS_PER_ORDER} more panels go to the ${RESTOCK_ORDERS} oldest waiting`,
    value: sameIds(after, next)
      ? `yes (${count(after.length)} completed)`
      : `NO: ${count(after.length)} completed, ${after.filter((id) => !next.includes(id)).length} out of turn`,
    budget: 'exact',
    ok: sameIds(after, next),
  });
  return rows;
}

/** A throw-away PostgreSQL database next to the one BENCH_DATABASE_URL names. */
async function withPostgres<T>(adminUrl: string, work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const database = await createDatabase(adminUrl);
  try {
    const handle = await openDatabase({ kind: 'postgres', url: database.url });
    try {
      return await work(handle);
    } finally {
      await handle.close();
    }
  } finally {
    await database.drop();
  }
}

async function withPglite<T>(work: (handle: DatabaseHandle) => Promise<T>): Promise<T> {
  const handle = await openDatabase({ kind: 'pglite' });
  try {
    return await work(handle);
  } finally {
    await handle.close();
  }
}

const rows: BenchRow[] = [];
const adminUrl = process.env.BENCH_DATABASE_URL;
if (targets.includes('postgres')) {
  if (adminUrl) {
    for (const run of RUNS) {
      console.log(`PostgreSQL ${run.label}: ${count(ORDERS)} orders, ${count(run.stock)} panels`);
      const m = await withPostgres(adminUrl, (handle) => measure(handle, run));
      rows.push(...rowsFor('PostgreSQL', run, m));
    }
  } else {
    rows.push(POSTGRES_NOT_RUN);
  }
}
if (targets.includes('pglite')) {
  for (const run of RUNS) {
    console.log(`PGlite ${run.label}: ${count(ORDERS)} orders, ${count(run.stock)} panels`);
    const m = await withPglite((handle) => measure(handle, run));
    rows.push(...rowsFor('PGlite', run, m));
  }
}

rows.push(loadAverageRow());

process.exit(report('allocation', rows) > 0 ? 1 : 0);
