import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { user, workspaceMembers } from '../db/schema';
import { TestClient, testAppForSuite } from '../testing/test-app';
import { testDatabaseUrl } from '../testing/test-config';
import { SESSION_CHANGE_CHANNEL } from './session-cache';

async function until(check: () => Promise<boolean>, ms = 5_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

// Another process's writes reach this one through LISTEN/NOTIFY, which is PostgreSQL's; on the
// embedded database only this process writes (db/read-memo.ts).
describe.runIf(testDatabaseUrl())('sessions kept between changes on PostgreSQL', () => {
  const t = testAppForSuite();
  /** Another server's connection: its writes are not this process's own, only heard of. */
  let elsewhere: pg.Client;
  let sessionReads = 0;

  beforeAll(async () => {
    elsewhere = new pg.Client({ connectionString: t.database.url ?? '' });
    await elsewhere.connect();
    t.database.observeQueries((statement, run) => {
      if (statement.includes('from "session"')) sessionReads++;
      return run();
    });
  });
  afterAll(async () => {
    t.database.observeQueries(null);
    await elsewhere.end();
  });

  /** Signs a new person in and waits until their session is served without reading it. */
  async function signedIn(email: string) {
    const c = new TestClient(t.app);
    await c.signUp('Kim', email, 'password-1');
    await c.signIn(email, 'password-1');
    await until(async () => {
      await c.get('/api/me');
      const before = sessionReads;
      expect((await c.get('/api/me')).json().user.email).toBe(email);
      return sessionReads === before;
    });
    const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
    return { c, id: row!.id };
  }

  it('serves a kept session until another server signs the person out, then refuses it', async () => {
    const { c, id } = await signedIn('kim@example.com');
    await elsewhere.query('delete from "session" where user_id = $1', [id]);
    await until(async () => (await c.get('/api/me')).json().user === null);
  });

  it("hears another server's role change and a removal from a workspace", async () => {
    const { c, id } = await signedIn('lee@example.com');
    await elsewhere.query(`update "user" set role = 'admin' where id = $1`, [id]);
    await until(async () => (await c.get('/api/me')).json().user.isAdmin === true);

    const workspace = async () => (await c.get('/api/me')).json().workspace as { name: string } | null;
    await until(async () => (await workspace()) !== null);
    await elsewhere.query('delete from workspace_members where user_id = $1', [id]);
    await until(async () => (await workspace()) === null);
  });

  it("hears a workspace's rename, which concerns every member", async () => {
    const { c, id } = await signedIn('max@example.com');
    const [membership] = await t.database.db
      .select()
      .from(workspaceMembers)
      .where(eq(workspaceMembers.userId, id));
    await elsewhere.query('update workspaces set name = $1 where id = $2', [
      'Renamed',
      membership!.workspaceId,
    ]);
    await until(async () => (await c.get('/api/me')).json().workspace?.name === 'Renamed');
  });

  it('reads its own writes at once, with no notification to wait for', async () => {
    const { c, id } = await signedIn('ned@example.com');
    await t.database.db.update(user).set({ role: 'admin' }).where(eq(user.id, id));
    expect((await c.get('/api/me')).json().user.isAdmin).toBe(true);
    await t.database.db.execute(sql`delete from "session" where user_id = ${id}`);
    expect((await c.get('/api/me')).json().user).toBeNull();
  });

  it('reads every session from the database while its listening connection is down', async () => {
    const { c } = await signedIn('oz@example.com');
    await elsewhere.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query = $1`,
      [`listen ${SESSION_CHANGE_CHANNEL}`],
    );
    // Once the loss is known nothing is kept: each request reads its session again.
    await until(async () => {
      const before = sessionReads;
      await c.get('/api/me');
      return sessionReads > before;
    });
    // And it listens again on its own.
    await until(async () => {
      await c.get('/api/me');
      const before = sessionReads;
      await c.get('/api/me');
      return sessionReads === before;
    }, 10_000);
  });
});
