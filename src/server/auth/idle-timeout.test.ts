import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BACKGROUND_REQUEST_HEADER } from '../../domain/constants';
import { session, user } from '../db/schema';
import { TestClient, testAppForSuite } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';

const t = testAppForSuite();

describe(`the idle timeout on ${TEST_DATABASE_NAME}`, () => {
  it('does not count a page refreshing itself as activity, so an open tab times out', async () => {
    const c = new TestClient(t.app);
    await c.signUp('Ida', 'ida@example.com', 'password-1');
    await c.signIn('ida@example.com', 'password-1');
    const [ida] = await t.database.db.select().from(user).where(eq(user.email, 'ida@example.com'));
    const idleFor = (minutes: number) =>
      t.database.db
        .update(session)
        .set({ lastActiveAt: new Date(Date.now() - minutes * 60_000) })
        .where(eq(session.userId, ida!.id));
    const background = () =>
      c.request({ method: 'GET', url: '/api/me', headers: { [BACKGROUND_REQUEST_HEADER]: '1' } });

    // A background refresh every few minutes for 29 minutes keeps nothing alive...
    await idleFor(29);
    expect((await background()).json().user).not.toBeNull();
    const [after] = await t.database.db.select().from(session).where(eq(session.userId, ida!.id));
    expect(Date.now() - after!.lastActiveAt.getTime()).toBeGreaterThan(28 * 60_000);
    await idleFor(31);
    expect((await background()).json().user).toBeNull();

    // ...while a request the person made does.
    await c.signIn('ida@example.com', 'password-1');
    await idleFor(29);
    expect((await c.get('/api/me')).json().user).not.toBeNull();
    const [active] = await t.database.db.select().from(session).where(eq(session.userId, ida!.id));
    expect(Date.now() - active!.lastActiveAt.getTime()).toBeLessThan(60_000);
  });
});
