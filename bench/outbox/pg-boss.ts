/**
 * pg-boss, the queue most Node projects reach for on PostgreSQL, doing what bench/outbox asks
 * of our outbox on the same database: one instance sends (each job its own statement, as a
 * request would commit it), another works with a handler that only notes the time.
 *
 * It works as its documentation suggests for throughput: WORKERS workers, each fetching
 * BATCH_SIZE jobs at a time and polling at its shortest interval (0.5 s). pg-boss 10 waits
 * out the polling interval after each fetch, full or not, so those three set its rate.
 */
import pg from 'pg';
import PgBoss from 'pg-boss';
import { type Drained, latencies, produce, type QueueUnderTest, Receiver, type Steady } from './measure';

export const PG_BOSS_WORKERS = Number(process.env.BENCH_PG_BOSS_WORKERS ?? 10);
export const PG_BOSS_BATCH_SIZE = Number(process.env.BENCH_PG_BOSS_BATCH ?? 20);
export const PG_BOSS_POLLING_SECONDS = 0.5;

const SCHEMA = 'pgboss_bench';

async function started(url: string): Promise<PgBoss> {
  // Its maintenance and cron timers are not what is measured.
  const boss = new PgBoss({
    connectionString: url,
    schema: SCHEMA,
    max: 10,
    supervise: false,
    schedule: false,
  });
  boss.on('error', (err: unknown) => console.error('pg-boss:', err));
  await boss.start();
  return boss;
}

/** Until every job of the queue is completed: what the drain's time ends with. */
async function allCompleted(client: pg.Client, queue: string, rows: number): Promise<void> {
  for (;;) {
    const { rows: found } = await client.query<{ n: string }>(
      `select count(*) as n from ${SCHEMA}.job where name = $1 and state = 'completed'`,
      [queue],
    );
    if (Number(found[0]?.n) >= rows) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export async function pgBoss(url: string): Promise<QueueUnderTest> {
  const producer = await started(url);
  const worker = await started(url);
  const client = new pg.Client({ connectionString: url });
  await client.connect();

  // A queue of its own for each phase: pg-boss deletes no queue that still holds jobs.
  let phases = 0;
  async function fresh(): Promise<string> {
    const queue = `bench_${++phases}`;
    await producer.createQueue(queue);
    return queue;
  }

  async function work(queue: string, receiver: Receiver) {
    for (let i = 0; i < PG_BOSS_WORKERS; i++) {
      await worker.work<object>(
        queue,
        { batchSize: PG_BOSS_BATCH_SIZE, pollingIntervalSeconds: PG_BOSS_POLLING_SECONDS },
        async (jobs) => {
          for (const job of jobs) receiver.receive(job.id);
        },
      );
    }
  }

  return {
    async drain(rows: number): Promise<Drained> {
      const queue = await fresh();
      for (let at = 0; at < rows; at += 1_000) {
        await producer.insert(
          Array.from({ length: Math.min(1_000, rows - at) }, () => ({ name: queue, data: {} })),
        );
      }
      const receiver = new Receiver();
      const begun = performance.now();
      await work(queue, receiver);
      await receiver.until(rows, 300_000);
      await allCompleted(client, queue, rows);
      const ms = performance.now() - begun;
      await worker.offWork(queue);
      return { rows, ms, duplicates: receiver.duplicates };
    },
    async steady(perSecond: number, seconds: number): Promise<Steady> {
      const queue = await fresh();
      const receiver = new Receiver();
      await work(queue, receiver);
      const produced = await produce(perSecond, seconds, async () => {
        const id = await producer.send(queue, {});
        if (!id) throw new Error('pg-boss sent no job');
        return id;
      });
      await receiver.until(produced.committedAt.size, 60_000);
      await worker.offWork(queue);
      return {
        rows: produced.committedAt.size,
        committedPerSecond: produced.committedAt.size / (produced.ms / 1000),
        latencies: latencies(produced.committedAt, receiver),
        duplicates: receiver.duplicates,
      };
    },
    async close() {
      await client.end();
      await worker.stop({ graceful: true, wait: true, timeout: 15_000 });
      await producer.stop({ graceful: true, wait: true, timeout: 15_000 });
    },
  };
}
