/**
 * bench/allocation: a burst of paid orders, through the payment event intake.
 *
 * N pending orders of 5 panels each are confirmed at the same moment: one signed sandbox
 * `checkout.session.completed` per order, all posted at once to the webhook route as the app
 * serves it (shop.ts). The webhook records each event and answers; the workers' rounds in the
 * same process (ROLE=all) apply them, oldest received first, and allocate
 * (docs/decisions/0024-payment-event-intake.md). The pool is the app's own default: 10
 * connections, a 5 s wait for one. Timed from the first post to the last answer, and to the
 * moment every event is applied and allocated; then the database is read back.
 *
 *   run 1: 1,000 orders, 5,000 panels. Every answer 2xx; every event applied exactly once (and
 *          each delivered again answered 'duplicate', changing nothing); every order completed
 *          with 5 panels of its own customer. Budget on PostgreSQL: orders allocated a second at
 *          least 0.56% of a Fastify hello-world's requests per second, measured right before the
 *          run (bench/lib/hello-world.ts): 10 ms an order, the earlier absolute budget, at the
 *          reference machine's 17,900 req/s.
 *   run 2: 1,000 orders, 4,000 panels. The 800 received first completed, the 200 received last
 *          waiting with no panel; 500 more panels then go to the next 100 in that order.
 *   run 3: 5,000 orders, 25,000 panels (PostgreSQL). As run 1, the same share, and at most
 *          1.2 x run 1's time per order: the cost stays linear.
 *
 * PGlite runs runs 1 and 2 and must be as correct; its times are information only.
 * PostgreSQL needs BENCH_DATABASE_URL (a role that may create databases): each run gets a
 * throw-away database next to it. BENCH_TARGETS=postgres,pglite picks.
 *
 *   npm run bench -- allocation        or        npx tsx bench/allocation/run.ts
 */
import { randomBytes } from 'node:crypto';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { addStock } from '../../src/server/testing/inventory';
import { type HelloWorld, helloWorldRow, measureHelloWorld, shareRow } from '../lib/hello-world';
import { benchTargets, count, inProcessConfig, loadAverageRow } from '../lib/in-process';
import { percentile } from '../lib/percentile';
import { type BenchRow, report } from '../lib/report';
import { createDatabase, POSTGRES_NOT_RUN, REPO_ROOT } from '../lib/server';
import { openShop } from './shop';
import { createWorld, type Outcome, PANELS_PER_ORDER, readOutcome } from './world';

/** 10 ms an order, the budget bench/allocation always had, at the reference machine's hello-world. */
const MIN_SHARE = 0.0056;
const HELLO_SECONDS = 10;
/** A larger burst may cost at most this much more per order than the 1,000 one: linear, not worse. */
const SCALING_BUDGET = 1.2;
const RESTOCK_ORDERS = 100;

type Target = 'PostgreSQL' | 'PGlite';

interface Run {
  label: string;
  orders: number;
  stock: number;
  /** Delivered a second time after it is applied, every event of it. */
  redeliver: boolean;
  targets: Target[];
}

const RUNS: Run[] = [
  {
    label: 'run 1',
    orders: 1_000,
    stock: 1_000 * PANELS_PER_ORDER,
    redeliver: true,
    targets: ['PostgreSQL', 'PGlite'],
  },
  {
    label: 'run 2',
    orders: 1_000,
    stock: 800 * PANELS_PER_ORDER,
    redeliver: false,
    targets: ['PostgreSQL', 'PGlite'],
  },
  {
    label: 'run 3',
    orders: 5_000,
    stock: 5_000 * PANELS_PER_ORDER,
    redeliver: true,
    targets: ['PostgreSQL'],
  },
];

const targets = benchTargets();
const config = inProcessConfig();
const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

interface Intake {
  applied: number;
  pending: number;
  dead: number;
  /** Rows that needed more than one try. */
  retried: number;
  processed: number;
  /** Order ids in the order their events were received (received_at, then the older order). */
  receivedOrder: number[];
  /** Orders whose paid_at is not the moment their event was received. */
  paidAtOff: number;
}

interface Measured {
  /** First post to last answer, and to every event applied and allocated. */
  answeredMs: number;
  doneMs: number;
  /** Each answer's time from the first post, sorted. */
  answerMs: number[];
  statuses: Map<string, number>;
  sweeps: number;
  errors: Map<string, number>;
  outcome: Outcome;
  intake: Intake;
  orderIds: number[];
  redelivered?: { statuses: Map<string, number>; paymentsAfter: number };
  restocked?: { completedIds: number[] };
}

async function readIntake(handle: DatabaseHandle): Promise<Intake> {
  const { rows: byStatus } = await handle.query<{ status: string; n: number; retried: number }>(
    `select status, count(*)::int as n, count(*) filter (where attempts > 0)::int as retried
     from payment_event_intake group by status`,
  );
  const n = (status: string) => byStatus.find((r) => r.status === status)?.n ?? 0;
  const { rows: order } = await handle.query<{ order_id: number; off: boolean }>(
    `select (i.payload->>'orderId')::int as order_id, o.paid_at is distinct from i.received_at as off
     from payment_event_intake i join orders o on o.id = (i.payload->>'orderId')::int
     order by i.received_at, (i.payload->>'orderId')::int`,
  );
  const [processed] = (await handle.query<{ n: number }>('select count(*)::int as n from processed_events'))
    .rows;
  return {
    applied: n('applied'),
    pending: n('pending'),
    dead: n('dead'),
    retried: byStatus.reduce((sum, r) => sum + r.retried, 0),
    processed: processed?.n ?? 0,
    receivedOrder: order.map((r) => r.order_id),
    paidAtOff: order.filter((r) => r.off).length,
  };
}

/** Posts every event at once; each answer's status and time from the start. */
async function burst(
  post: (i: number) => Promise<{ status: number; body: string }>,
  n: number,
  started: number,
) {
  const answerMs: number[] = [];
  const statuses = new Map<string, number>();
  await Promise.all(
    Array.from({ length: n }, async (_, i) => {
      const res = await post(i).catch((error: unknown) => ({ status: 0, body: String(error) }));
      answerMs.push(performance.now() - started);
      const result =
        res.status === 200 ? (JSON.parse(res.body) as { result: string }).result : res.body.slice(0, 120);
      const key = `${res.status} ${result}`;
      statuses.set(key, (statuses.get(key) ?? 0) + 1);
    }),
  );
  return { answerMs: answerMs.sort((a, b) => a - b), statuses };
}

async function measure(handle: DatabaseHandle, run: Run): Promise<Measured> {
  await runMigrations(handle);
  const panelKey = randomBytes(32).toString('hex');
  const pending = await createWorld(handle, run.orders, run.stock, panelKey);
  const shop = await openShop(handle, config, randomBytes(32).toString('hex'));
  try {
    const signed = pending.map((order) =>
      shop.sign({
        id: `evt_bench_${order.id}`,
        type: 'checkout.session.completed',
        data: {
          sessionId: order.sessionId,
          orderId: order.id,
          amountCents: order.totalCents,
          chargeId: `ch_bench_${order.id}`,
        },
      }),
    );

    const started = performance.now();
    // Posted in id order, all at once: the intake stamps each as it arrives.
    const answers = await burst((i) => shop.post(signed[i]!), signed.length, started);
    const answeredMs = performance.now() - started;
    await shop.drain();
    const doneMs = performance.now() - started;

    const measured: Measured = {
      answeredMs,
      doneMs,
      answerMs: answers.answerMs,
      statuses: answers.statuses,
      sweeps: shop.sweeps(),
      errors: shop.errors,
      outcome: await readOutcome(handle),
      intake: await readIntake(handle),
      orderIds: pending.map((o) => o.id),
    };
    if (run.redeliver) {
      const again = await burst((i) => shop.post(signed[i]!), signed.length, performance.now());
      await shop.drain();
      measured.redelivered = {
        statuses: again.statuses,
        paymentsAfter: (await readOutcome(handle)).payments,
      };
    }
    if (run.stock < run.orders * PANELS_PER_ORDER) {
      await addStock(handle.db, RESTOCK_ORDERS * PANELS_PER_ORDER, { prefix: 'restock', key: panelKey });
      await shop.fulfillmentRun();
      measured.restocked = { completedIds: (await readOutcome(handle)).completedIds };
    }
    return measured;
  } finally {
    await shop.close();
  }
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const statusText = (statuses: Map<string, number>) =>
  [...statuses].map(([status, n]) => `${count(n)} ${status}`).join(', ');
function rowsFor(target: Target, run: Run, m: Measured, hello?: HelloWorld, run1?: Measured): BenchRow[] {
  const o = m.outcome;
  const i = m.intake;
  const held = target === 'PostgreSQL';
  const name = `${target} ${run.label} (${count(run.orders)} orders x ${PANELS_PER_ORDER}, ${count(run.stock)} in stock)`;
  const rows: BenchRow[] = [];

  const ok2xx = m.statuses.get('200 queued') ?? 0;
  rows.push({
    what: `${name}: every confirmation answered 2xx`,
    value: `${statusText(m.statuses)}; the last after ${seconds(m.answeredMs)} (p50 ${seconds(percentile(m.answerMs, 50))}, p99 ${seconds(percentile(m.answerMs, 99))}, ${count(Math.round((run.orders / m.answeredMs) * 1000))} answers/s)`,
    budget: `${count(run.orders)} x 200`,
    ok: ok2xx === run.orders,
  });

  const perOrder = m.doneMs / run.orders;
  const scaling = run1 ? perOrder / (run1.doneMs / 1_000) : null;
  const timed = held && run.label !== 'run 2' && hello !== undefined;
  const ratio = scaling === null ? '' : `, ${scaling.toFixed(2)} x run 1 per order`;
  const what = `${name}: all applied and allocated`;
  const rate = hello
    ? shareRow(what, run.orders / (m.doneMs / 1000), 'orders', hello, MIN_SHARE, timed)
    : undefined;
  rows.push({
    what,
    value: `${seconds(m.doneMs)} (${perOrder.toFixed(2)} ms an order${ratio}; ${m.sweeps} allocation round${m.sweeps === 1 ? '' : 's'} handed out panels)${rate ? `; ${rate.value}` : ''}`,
    budget: timed
      ? `${rate?.budget}${scaling === null ? '' : `, <= ${SCALING_BUDGET} x run 1 per order`}`
      : '-',
    ok: !timed || ((rate?.ok ?? false) && (scaling === null || scaling <= SCALING_BUDGET)),
  });

  const errors = [...m.errors].map(([text, n]) => `; ${n} x ${text.slice(0, 120)}`).join('');
  const again = m.redelivered;
  const redelivered = again
    ? `; delivered again: ${statusText(again.statuses)}, ${count(again.paymentsAfter - o.payments)} more payments`
    : '';
  const once =
    i.applied === run.orders &&
    i.pending + i.dead === 0 &&
    i.processed === run.orders &&
    o.payments === run.orders &&
    (!again ||
      ((again.statuses.get('200 duplicate') ?? 0) === run.orders && again.paymentsAfter === o.payments));
  rows.push({
    what: `${name}: every event applied exactly once`,
    value: `${count(i.applied)} applied, ${i.pending} pending, ${i.dead} given up, ${i.retried} retried; ${count(i.processed)} processed, ${count(o.payments)} payments${redelivered}${errors}`,
    budget: 'exact',
    ok: once,
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
  if (run.stock === run.orders * PANELS_PER_ORDER) {
    const completed = o.byStatus.completed ?? 0;
    rows.push({
      what: `${name}: every order completed with ${PANELS_PER_ORDER} panels, paid when received`,
      value: `${statuses}; ${o.completedShort} completed short; ${i.paidAtOff} paid at another moment than received`,
      budget: `${count(run.orders)} completed`,
      ok: completed === run.orders && o.completedShort === 0 && i.paidAtOff === 0,
    });
    return rows;
  }

  // Served in the order the events were received.
  const served = run.stock / PANELS_PER_ORDER;
  const first = i.receivedOrder.slice(0, served).sort((a, b) => a - b);
  const last = i.receivedOrder.slice(served).sort((a, b) => a - b);
  const completedFirst = sameIds(o.completedIds, first);
  const waitingLast = sameIds(o.waitingIds, last);
  const jumped = o.completedIds.filter((id) => !first.includes(id));
  const detail =
    jumped.length > 0
      ? `; served out of turn: ${jumped.slice(0, 5).join(', ')}${jumped.length > 5 ? '...' : ''}`
      : '';
  rows.push({
    what: `${name}: the ${count(served)} received first completed, the ${run.orders - served} received last waiting`,
    value: `${statuses}; first completed: ${completedFirst ? 'yes' : 'NO'}, last waiting: ${waitingLast ? 'yes' : 'NO'}, ${o.waitingWithPanels} waiting hold panels, ${o.availablePanels} left in stock; ${i.paidAtOff} paid at another moment than received${detail}`,
    budget: 'exact',
    ok:
      completedFirst &&
      waitingLast &&
      o.completedShort === 0 &&
      o.waitingWithPanels === 0 &&
      o.availablePanels === 0 &&
      i.paidAtOff === 0,
  });

  const next = i.receivedOrder.slice(0, served + RESTOCK_ORDERS).sort((a, b) => a - b);
  const after = m.restocked?.completedIds ?? [];
  rows.push({
    what: `${name}: then ${RESTOCK_ORDERS * PANELS_PER_ORDER} more panels go to the next ${RESTOCK_ORDERS} received`,
    value: sameIds(after, next)
      ? `yes (${count(after.length)} completed)`
      : `NO: ${count(after.length)} completed, ${after.filter((id) => !next.includes(id)).length} out of turn`,
    budget: 'exact',
    ok: sameIds(after, next),
  });
  return rows;
}

/** A throw-away PostgreSQL database next to the one BENCH_DATABASE_URL names, on the app's default pool. */
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
for (const target of ['PostgreSQL', 'PGlite'] as const) {
  if (!targets.includes(target === 'PostgreSQL' ? 'postgres' : 'pglite')) continue;
  if (target === 'PostgreSQL' && !adminUrl) {
    rows.push(POSTGRES_NOT_RUN);
    continue;
  }
  let run1: Measured | undefined;
  for (const run of RUNS.filter((r) => r.targets.includes(target))) {
    // The yardstick right before each timed run: the machine's load may change over the bench.
    const hello =
      target === 'PostgreSQL' && run.label !== 'run 2'
        ? await measureHelloWorld(REPO_ROOT, HELLO_SECONDS)
        : undefined;
    if (hello) rows.push(helloWorldRow(hello, `right before ${target} ${run.label}`));
    console.log(`${target} ${run.label}: ${count(run.orders)} orders, ${count(run.stock)} panels`);
    const work = (handle: DatabaseHandle) => measure(handle, run);
    const m =
      adminUrl && target === 'PostgreSQL' ? await withPostgres(adminUrl, work) : await withPglite(work);
    rows.push(...rowsFor(target, run, m, hello, run.orders > 1_000 ? run1 : undefined));
    if (run.label === 'run 1') run1 = m;
  }
}

rows.push(loadAverageRow());

process.exit(report('allocation', rows) > 0 ? 1 : 0);
