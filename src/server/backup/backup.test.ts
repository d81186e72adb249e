import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createPanelCipher } from '../crypto/panel-password';
import type { DatabaseHandle } from '../db/client';
import { DEMO_ACCOUNTS } from '../demo/demo-accounts';
import { DEMO_INVENTORY_SIZE, seedDemoData } from '../demo/seed';
import { testPasswordHasher } from '../testing/password-hasher';
import { pdfText } from '../testing/pdf-text';
import { createRecordingMailer, TestClient, testAppForSuite } from '../testing/test-app';
import { testConfig, testSecrets } from '../testing/test-config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { BackupFileError, BackupRefusedError } from './format';
import { migrateUpTo, readLevel, releaseLevels } from './migration-level';
import { restoreDatabase, SETTINGS_TABLES } from './restore';
import { pooled } from './session';
import { backupDatabase } from './write-backup';

/**
 * Every table of every schema but the system's: its row count and a digest of its rows (as
 * JSON, sorted), so two databases compare equal only if every stored value is; and where
 * each sequence stands.
 */
async function contents(database: DatabaseHandle) {
  const query = pooled(database);
  const tables = await query<{ name: string }>(
    `select schemaname || '.' || tablename as name from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const counts: Record<string, string> = {};
  for (const { name } of tables) {
    const [schema, table] = name.split('.');
    const [row] = await query<{ n: number; digest: string | null }>(
      `select count(*)::int as n, md5(string_agg(j, '|' order by j collate "C")) as digest
         from (select row_to_json(t)::text as j from "${schema}"."${table}" t) rows`,
    );
    counts[name] = `${row?.n} ${row?.digest ?? ''}`;
  }
  const sequences = await query<{ name: string; value: string }>(
    `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public' order by 1`,
  );
  return { counts, sequences };
}

async function signedIn(app: FastifyInstance, email: string, password: string) {
  const client = new TestClient(app);
  const res = await client.signIn(email, password);
  return { client, status: res.statusCode };
}

const source = testAppForSuite();
let dir: string;
let file: string;
let target: TestDatabase;
let paymentId: number;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'panelhub-backup-'));
  file = join(dir, 'demo.jsonl.gz');
});
afterAll(async () => {
  await target?.destroy();
  await rm(dir, { recursive: true, force: true });
});

describe('a migrated database', () => {
  it('holds rows only in the settings tables a restore replaces', async () => {
    // The refusals' database, still as the migrations left it.
    const { counts } = await contents(empty.db);
    const filled = Object.entries(counts)
      .filter(([name, n]) => !n.startsWith('0 ') && !name.startsWith('drizzle.'))
      .map(([name]) => name.replace(/^public\./, ''));
    expect(filled.filter((name) => !SETTINGS_TABLES.includes(name))).toEqual([]);
  });
});

describe('backup and restore round trip', () => {
  it('restores every row into a new database: counts, a sign-in, an invoice PDF, a panel password', async () => {
    const { db } = source.database;
    const cipher = createPanelCipher(source.secrets.panelSecretKey);
    // The app's sweeps take their first round when it becomes ready: on the empty database,
    // not in the middle of what follows (the demo's 40-day-old order is due for renewal, and a
    // renewal between two readings of the database would tell them apart).
    await source.app.ready();
    expect(await seedDemoData(db, cipher)).toBe(true);
    // A payment to a buyer with an invoice address: its insert queues the invoice e-mail (a
    // trigger), which a restore must not queue a second time.
    const query = pooled(source.database);
    await query(
      `insert into billing_profiles (workspace_id, invoice_email)
       select w.id, 'accounts@customer.example' from workspaces w join "user" u on u.id = w.created_by
        where w.personal and u.email = $1
       on conflict (workspace_id) do update set invoice_email = excluded.invoice_email`,
      [DEMO_ACCOUNTS.customer.email],
    );
    await query(
      `insert into payments (order_id, user_id, amount_cents, status, method, provider, provider_charge_id)
       select id, user_id, total_cents, 'completed', 'card', 'sandbox', 'backup-test' from orders
        where user_id = (select id from "user" where email = $1) order by id limit 1`,
      [DEMO_ACCOUNTS.customer.email],
    );
    const queued = await query<{ n: number }>(
      `select count(*)::int as n from outbox_messages where kind = 'document_email'`,
    );
    expect(queued[0]?.n).toBe(1);
    const customer = await signedIn(source.app, DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.password);
    expect(customer.status).toBe(200);
    const [payment] = await pooled(source.database)<{ id: number }>(
      `select p.id from payments p join "user" u on u.id = p.user_id where u.email = $1 order by p.id limit 1`,
      [DEMO_ACCOUNTS.customer.email],
    );
    paymentId = payment!.id;
    const sourcePdf = await customer.client.get(`/api/me/invoices/${paymentId}/pdf`);
    expect(sourcePdf.statusCode).toBe(200);
    // What the outbox holds goes out now, not at its next round during the readings below.
    await source.drainOutbox();
    const before = await contents(source.database);

    const backup = await backupDatabase(source.database, file);
    expect(backup.tables).toBe(Object.keys(before.counts).filter((t) => t.startsWith('public.')).length);
    expect(backup.rows).toBeGreaterThan(DEMO_INVENTORY_SIZE);
    // The backup changed nothing in its source.
    expect(await contents(source.database)).toEqual(before);
    // Stored as written: encrypted, and no key anywhere in the file.
    const text = gunzipSync(await readFile(file)).toString('utf8');
    expect(text).not.toContain(source.secrets.panelSecretKey);
    expect(text).not.toContain(source.secrets.sessionSecret);
    expect(text).toMatch(/"password":"v1\./);

    target = await createTestDatabase();
    const restored = await restoreDatabase(target, file);
    expect(restored.rows).toBe(backup.rows);
    expect(restored.to).toEqual(await readLevel(pooled(source.database)));
    // Every table, the migrations journal and the sequences alike: no trigger ran on the way
    // (no invoice renumbered, no e-mail queued again).
    expect(await contents(target)).toEqual(before);

    const app = await buildApp({
      firstSweepRoundsAfterMs: 0,
      config: testConfig(),
      database: target,
      secrets: source.secrets,
      mailer: createRecordingMailer(),
      passwordHasher: testPasswordHasher,
    });
    try {
      const again = await signedIn(app, DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.password);
      expect(again.status).toBe(200);
      const pdf = await again.client.get(`/api/me/invoices/${paymentId}/pdf`);
      expect(pdf.statusCode).toBe(200);
      expect(pdfText(pdf.rawPayload)).toBe(pdfText(sourcePdf.rawPayload));
      expect(pdfText(pdf.rawPayload)).toMatch(/INV-\d{4}/);
    } finally {
      await app.close();
    }

    const sold = `select id, password from admin_panel_inventory where sold_to is not null order by id limit 1`;
    const [original] = await pooled(source.database)<{ id: number; password: string }>(sold);
    const [copy] = await pooled(target)<{ id: number; password: string }>(sold);
    expect(copy).toEqual(original);
    expect(cipher.decrypt(copy!.password)).toBe(cipher.decrypt(original!.password));
    // Another key reads nothing: the key is not in the backup and must come from the source.
    const otherKey = createPanelCipher(testSecrets().panelSecretKey);
    expect(() => otherKey.decrypt(copy!.password)).toThrow();
  }, 120_000);

  it('refuses a database holding data, and changes nothing in it', async () => {
    const before = await contents(target);
    await expect(restoreDatabase(target, file)).rejects.toThrow(BackupRefusedError);
    await expect(restoreDatabase(target, file)).rejects.toThrow(/not empty \(rows in /);
    expect(await contents(target)).toEqual(before);
  });

  it('never overwrites a file', async () => {
    await expect(backupDatabase(source.database, file)).rejects.toThrow(/already exists/);
  });
});

const empty = createTestDatabaseForThese();

describe('a damaged or foreign file', () => {
  async function refusedWith(content: Buffer, pattern: RegExp) {
    const path = join(dir, `bad-${Math.random().toString(36).slice(2)}.gz`);
    await writeFile(path, content);
    const before = await contents(empty.db);
    await expect(restoreDatabase(empty.db, path)).rejects.toThrow(BackupFileError);
    await expect(restoreDatabase(empty.db, path)).rejects.toThrow(pattern);
    expect(await contents(empty.db)).toEqual(before);
  }

  it('is refused before a row goes in: not gzip, not a backup, cut short, a count that does not add up', async () => {
    const lines = gunzipSync(await readFile(file))
      .toString('utf8')
      .split('\n');
    await refusedWith(Buffer.from('hello'), /not a readable backup/);
    await refusedWith(gzipSync('{"hello":1}\n'), /not a PanelHub backup/);
    await refusedWith(gzipSync(`${lines.slice(0, -3).join('\n')}\n`), /ends early/);
    const tampered = lines.map((line) => line.replace(/^\["end","user",(\d+)\]$/, '["end","user",99]'));
    await refusedWith(gzipSync(tampered.join('\n')), /user holds \d+ rows where its end says 99/);
    await expect(restoreDatabase(empty.db, join(dir, 'missing.gz'))).rejects.toThrow(/does not exist/);
  }, 60_000);
});

/** No tables at all, as a new database is: what the test kits hand out, minus the migrations. */
async function dropEverything(database: DatabaseHandle) {
  const query = pooled(database);
  await query('drop schema if exists drizzle cascade');
  await query('drop schema public cascade');
  await query('create schema public');
}

describe('a backup made by an earlier release', () => {
  it('goes into a database with no tables: migrated to its level, loaded, then migrated on', async () => {
    const older = empty.db;
    const blank = target;
    try {
      const { latest } = await releaseLevels();
      await dropEverything(older);
      await migrateUpTo(older, latest.count - 1);
      await pooled(older)(
        `insert into "user" (id, name, email, email_verified) values ('old', 'Old', 'old@example.com', true)`,
      );
      const oldFile = join(dir, 'older.jsonl.gz');
      await backupDatabase(older, oldFile);

      await dropEverything(blank);
      expect(await readLevel(pooled(blank))).toEqual({ count: 0, last: 0 });
      const restored = await restoreDatabase(blank, oldFile);
      expect(restored.from.count).toBe(latest.count - 1);
      expect(restored.to).toEqual(latest);
      const users = await pooled(blank)<{ email: string }>('select email from "user"');
      expect(users).toEqual([{ email: 'old@example.com' }]);
      // A backup from a later release than this one is refused.
      const header = JSON.parse(
        gunzipSync(await readFile(oldFile))
          .toString('utf8')
          .split('\n')[0]!,
      );
      const future = gzipSync(
        `${JSON.stringify({ ...header, migrations: { count: latest.count + 1, last: latest.last + 1 } })}\n`,
      );
      const futureFile = join(dir, 'future.jsonl.gz');
      await writeFile(futureFile, future);
      await dropEverything(older);
      await expect(restoreDatabase(older, futureFile)).rejects.toThrow(/which this release does not have/);
    } finally {
      // Their schemas were rebuilt by hand: the kit must not hand them to another test file.
      await older.close();
      await blank.close();
    }
  }, 60_000);
});

/** A second, empty database for the refusals, opened once for them. */
function createTestDatabaseForThese(): { db: TestDatabase } {
  const holder: { db: TestDatabase } = {} as { db: TestDatabase };
  beforeAll(async () => {
    holder.db = await createTestDatabase();
  });
  afterAll(() => holder.db?.destroy());
  return holder;
}
