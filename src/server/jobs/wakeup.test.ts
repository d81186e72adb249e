import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { testDatabaseUrl } from '../testing/test-config';
import { testDatabaseForSuite } from '../testing/test-database';
import { createWakeupSender, listenForWakeups, WAKEUP_CHANNEL } from './wakeup';

const quiet = { info: () => {}, warn: () => {} };

async function until(check: () => boolean, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// LISTEN/NOTIFY between processes is PostgreSQL's; the embedded database has no second process.
describe.runIf(testDatabaseUrl())('wake-ups through PostgreSQL', () => {
  const database = testDatabaseForSuite();

  it('a web process wakes a listening worker, which hears it again after its connection was cut', async () => {
    let wakes = 0;
    const listener = listenForWakeups({
      url: database.url ?? '',
      onWake: () => {
        wakes++;
      },
      log: quiet,
    });
    const sender = createWakeupSender(database.db, quiet);
    try {
      // Once on connecting: whatever was sent while nobody listened.
      await until(() => wakes === 1);
      sender.wake();
      await until(() => wakes === 2);

      await database.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and query = ${`listen ${WAKEUP_CHANNEL}`}
          and pid <> pg_backend_pid()`);
      // Back within its first retry delay, and woken once for what it may have missed.
      await until(() => wakes === 3);
      sender.wake();
      await until(() => wakes === 4);
    } finally {
      await sender.stop();
      await listener.stop();
    }
    sender.wake();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(wakes).toBe(4);
  });
});
