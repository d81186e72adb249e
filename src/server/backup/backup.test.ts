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
import { seedDemoData } from '../demo/seed';
import { testPasswordHasher } from '../testing/password-hasher';
import { pdfText } from '../testing/pdf-text';
import { createRecordingMailer, TestClient, testAppForSuite } from '../testing/test-app';
import { testConfig, testSecrets } from '../testing/test-config';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { BackupFileError, BackupRefusedError } from './format';
import { readLevel } from './migration-level';
import { restoreDatabase, SETTINGS_TABLES } from './restore';
import { pooled } from './session';
import { backupDatabase } from './write-backup';

/** Rows per table of every schema but the system's, and where each sequence stands. */
async function contents(database: DatabaseHandle) {
  const query = pooled(database);
  const tables = await query<{ name: string }>(
    `select schemaname || '.' || tablename as name from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const counts: Record<string, number> = {};
  for (const { name } of tables) {
    const [schema, table] = name.split('.');
    const [row] = await query<{ n: number }>(`select count(*)::int as n from "${schema}"."${table}"`);
    counts[name] = row?.n ?? -1;
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
    const fresh = await createTestDatabase();
    try {
      const { counts } = await contents(fresh);
      const filled = Object.entries(counts)
        .filter(([name, n]) => n > 0 && !name.startsWith('drizzle.'))
        .map(([name]) => name.replace(/^public\./, ''));
      expect(filled.filter((name) => !SETTINGS_TABLES.includes(name))).toEqual([]);
    } finally {
      await fresh.destroy();
    }
  });
});

describe('backup and restore round trip', () => {
  it('restores every row into a new database: counts, a sign-in, an invoice PDF, a panel password', async () => {
    const { db } = source.database;
    const cipher = createPanelCipher(source.secrets.panelSecretKey);
    expect(await seedDemoData(db, cipher)).toBe(true);
    const customer = await signedIn(source.app, DEMO_ACCOUNTS.customer.email, DEMO_ACCOUNTS.password);
    expect(customer.status).toBe(200);
    const [payment] = await pooled(source.database)<{ id: number }>(
      `select p.id from payments p join "user" u on u.id = p.user_id where u.email = $1 order by p.id limit 1`,
      [DEMO_ACCOUNTS.customer.email],
    );
    paymentId = payment!.id;
    const sourcePdf = await customer.client.get(`/api/me/invoices/${paymentId}/pdf`);
    expect(sourcePdf.statusCode).toBe(200);
    const before = await contents(source.database);

    const backup = await backupDatabase(source.database, file);
    expect(backup.rows).toBeGreaterThan(DEMO_ACCOUNTS.password.length);
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
  });

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

describe('a damaged or foreign file', () => {
  const empty = createTestDatabaseForThese();

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
  });
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
