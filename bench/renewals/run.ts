/**
 * bench/renewals: a month's renewals all due at once.
 *
 * 20,000 live sandbox subscriptions of 5 panels (100,000 panels) whose periods all end at the
 * same moment, just passed (world.ts). Two app instances, each with its own pool on the same
 * database, run the subscription sweep the app's periodic runner runs
 * (createSubscriptionRunner: the sandbox charges, the invoice each payment is, the e-mails in
 * the outbox) at the same time, to completion. Timed from the start of both to the end of the
 * later one; then the database is read back (verify.ts).
 *
 * Budget on PostgreSQL: subscriptions renewed a second at least 1.86% of a Fastify hello-world's
 * requests per second, measured right before the sweep (bench/lib/hello-world.ts; 60 s for
 * 20,000, the earlier absolute budget, at the reference machine's 17,900 req/s), no error, every
 * subscription renewed exactly once (one renewal
 * payment per order and period, so no panel charged twice or not at all), every payment
 * numbered as an invoice with no gap, one receipt and one invoice e-mail per renewal.
 * PostgreSQL needs BENCH_DATABASE_URL (a role that may create databases): the run gets a
 * throw-away database next to it. Without it the bench reports a MISS row saying so.
 *
 * PGlite (the embedded, single-connection database the app and tests also run on) renews a
 * smaller world with one instance, held to the same correctness, its time information only.
 * BENCH_TARGETS=postgres,pglite picks; BENCH_ORDERS scales the PostgreSQL world.
 *
 *   npm run bench -- renewals        or        npx tsx bench/renewals/run.ts
 */
import { createSubscriptionRunner } from '../../src/server/billing/subscriptions/subscription-runner';
import type { SweepChange } from '../../src/server/billing/subscriptions/subscriptions';
import { type DatabaseHandle, openDatabase } from '../../src/server/db/client';
import { runMigrations } from '../../src/server/db/migrate';
import { type HelloWorld, helloWorldRow, measureHelloWorld, shareRow } from '../lib/hello-world';
import { benchTargets, count, inProcessConfig, loadAverageRow } from '../lib/in-process';
import { type BenchRow, report } from '../lib/report';
import { createDatabase, POSTGRES_NOT_RUN, REPO_ROOT } from '../lib/server';
import { expected, type Outcome, readOutcome } from './verify';
import { createWorld, PANELS_PER_ORDER } from './world';

const MIN_SHARE = 0.0186;
const HELLO_SECONDS = 10;
const ORDERS = Number(process.env.BENCH_ORDERS ?? 20_000);
const PGLITE_ORDERS = 1_000;
const ORDERS_PER_CUSTOMER = 4;

const targets = benchTargets();
const config = inProcessConfig();

interface Measured {
  ms: number;
  /** The yardstick, measured right before the sweep when the time is held to a budget. */
  hello: HelloWorld | undefined;
  /** Subscriptions each instance renewed, by what its sweeps returned. */
  renewedBy: number[];
  errors: string[];
  outcome: Outcome;
}

function instance(handle: DatabaseHandle, errors: string[]) {
  const noop = () => {};
  const log = {
    info: noop,
    error: (obj: unknown, msg?: string) =>
      errors.push(`${msg ?? 'error'}: ${String((obj as { err?: unknown }).err)}`),
  };
  // The e-mails are queued in the database as in production; sending them is not measured.
  return createSubscriptionRunner({
    config,
    db: handle.db,
    outbox: { kick: noop },
    log,
    now: () => new Date(),
  });
}

const renewed = (changes: SweepChange[]) => changes.filter((c) => c.kind === 'renewed').length;

/** Runs every instance's sweep at once, each until a round renews nothing more. */
async function sweepAll(handles: DatabaseHandle[], errors: string[]): Promise<number[]> {
  return Promise.all(
    handles.map(async (handle) => {
      const runner = instance(handle, errors);
      let total = 0;
      try {
        for (;;) {
          const n = renewed(await runner.run());
          total += n;
          if (n === 0) return total;
        }
      } catch (error) {
        errors.push(error instanceof Error ? error.message : String(error));
        return total;
      } finally {
        await runner.stop();
      }
    }),
  );
}

async function measure(handles: DatabaseHandle[], orders: number, budgeted: boolean): Promise<Measured> {
  const [first] = handles;
  if (!first) throw new Error('no instance');
  await runMigrations(first);
  console.log('  seeding');
  const world = await createWorld(first, config, {
    orders,
    customers: Math.max(1, Math.round(orders / ORDERS_PER_CUSTOMER)),
  });
  const errors: string[] = [];
  const hello = budgeted ? await measureHelloWorld(REPO_ROOT, HELLO_SECONDS) : undefined;
  console.log(`  sweeping with ${handles.length} instance${handles.length === 1 ? '' : 's'}`);
  const started = performance.now();
  const renewedBy = await sweepAll(handles, errors);
  const ms = performance.now() - started;
  return { ms, hello, renewedBy, errors, outcome: await readOutcome(first, world.periodEnd) };
}

function rowsFor(target: string, orders: number, m: Measured, budgeted: boolean): BenchRow[] {
  const name = `${target}: ${count(orders)} subscriptions x ${PANELS_PER_ORDER} panels due at once, ${m.renewedBy.length} instance${m.renewedBy.length === 1 ? '' : 's'}`;
  const o = m.outcome;
  const want = expected(orders);
  const wrong = (Object.keys(want) as (keyof Outcome)[]).filter((key) => o[key] !== want[key]);
  const errors =
    m.errors.length > 0 ? `; ${m.errors.length} errors, first: ${m.errors[0]?.slice(0, 160)}` : '';
  const what = `${name}: swept`;
  const rate = m.hello
    ? shareRow(what, orders / (m.ms / 1000), 'subscriptions', m.hello, MIN_SHARE, budgeted)
    : undefined;
  return [
    ...(m.hello ? [helloWorldRow(m.hello, `right before the ${target} sweep`)] : []),
    {
      what,
      value: `${(m.ms / 1000).toFixed(2)} s (renewed per instance: ${m.renewedBy.map(count).join(' + ')})${rate ? `; ${rate.value}` : ''}${errors}`,
      budget: budgeted && rate ? `${rate.budget}, no error` : '- (no error)',
      ok: m.errors.length === 0 && (!budgeted || (rate?.ok ?? false)),
    },
    {
      what: `${name}: each renewed once`,
      value:
        `${count(o.payments)} renewal payments for ${count(o.panelCount)} panels, ` +
        `${o.chargedTwice} charged twice, ${o.notCharged} not charged, ` +
        `${o.panelsPaidTwice} panels paid twice, ${o.panelsNotPaid} unpaid; ` +
        `${count(o.renewedOrders)} orders in the next period; ` +
        `invoices: ${o.unnumbered} unnumbered, numbers ${o.numbersGapFree ? 'gap-free' : 'WITH GAPS'}; ` +
        `outbox: ${count(o.receipts)} receipts, ${count(o.invoiceMails)} invoice e-mails` +
        (wrong.length > 0 ? `; WRONG: ${wrong.join(', ')}` : ''),
      budget: `exactly ${count(orders)} of each, 0 twice`,
      ok: wrong.length === 0,
    },
  ];
}

const rows: BenchRow[] = [];
const adminUrl = process.env.BENCH_DATABASE_URL;
if (targets.includes('postgres')) {
  if (adminUrl) {
    console.log(`PostgreSQL: ${count(ORDERS)} subscriptions`);
    const database = await createDatabase(adminUrl);
    try {
      // Two app instances: two pools of the app's default size on one database.
      const handles = [
        await openDatabase({ kind: 'postgres', url: database.url }),
        await openDatabase({ kind: 'postgres', url: database.url }),
      ];
      try {
        rows.push(...rowsFor('PostgreSQL', ORDERS, await measure(handles, ORDERS, true), true));
      } finally {
        await Promise.all(handles.map((h) => h.close()));
      }
    } finally {
      await database.drop();
    }
  } else {
    rows.push(POSTGRES_NOT_RUN);
  }
}
if (targets.includes('pglite')) {
  console.log(`PGlite: ${count(PGLITE_ORDERS)} subscriptions`);
  const handle = await openDatabase({ kind: 'pglite' });
  try {
    rows.push(...rowsFor('PGlite', PGLITE_ORDERS, await measure([handle], PGLITE_ORDERS, false), false));
  } finally {
    await handle.close();
  }
}

rows.push(loadAverageRow());

process.exit(report('renewals', rows) > 0 ? 1 : 0);
