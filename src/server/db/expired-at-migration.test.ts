import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsFolder } from '../paths';

/*
 * Migration order_expired_at: an expired subscription's end was read from the order's last
 * change (updated_at, capped by the period end); it is now a column of its own, filled for the
 * subscriptions that expired before it existed with the date they showed.
 */
const NAME = 'order_expired_at';

function folderBefore(): string {
  const dir = mkdtempSync(join(tmpdir(), 'panelhub-migrations-'));
  cpSync(migrationsFolder, dir, { recursive: true });
  const journalPath = join(dir, 'meta', '_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { tag: string }[] };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(NAME));
  expect(at).toBeGreaterThan(0);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return dir;
}

describe(`migration ${NAME}`, () => {
  const client = new PGlite({ extensions: { pg_trgm } });
  const db = drizzle(client);
  const before = folderBefore();
  afterAll(async () => {
    await client.close();
    rmSync(before, { recursive: true, force: true });
  });

  it('gives each expired subscription the end it showed, and no other order an end', async () => {
    await migrate(db, { migrationsFolder: before });
    const insert = (subscription: string, periodEnd: string | null, updated: string) =>
      client.query(
        `insert into orders (plan_id, quantity, total_cents, status, payment_method, provider,
           subscription_status, current_period_end, updated_at)
         values ('basic', 1, 50000, 'completed', 'card', 'sandbox', $1, $2, $3) returning id`,
        [subscription, periodEnd, updated],
      );
    // Expired by the sweep after its period end; ended early by the provider; still running.
    await insert('expired', '2025-03-01T00:00:00Z', '2025-03-01T00:05:00Z');
    await insert('expired', '2025-03-01T00:00:00Z', '2025-02-10T12:00:00Z');
    await insert('active', '2025-03-01T00:00:00Z', '2025-02-01T00:00:00Z');

    await migrate(db, { migrationsFolder });

    const { rows } = await client.query<{ subscription_status: string; expired_at: Date | null }>(
      'select subscription_status, expired_at from orders order by id',
    );
    expect(rows.map((r) => [r.subscription_status, r.expired_at?.toISOString() ?? null])).toEqual([
      ['expired', '2025-03-01T00:00:00.000Z'],
      ['expired', '2025-02-10T12:00:00.000Z'],
      ['active', null],
    ]);
  }, 90_000);
});
