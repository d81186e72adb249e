import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { session, user } from '../db/schema';
import { TestClient, testAppForSuite } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';
import { createSessionCookieReader } from './session-cookie';

const t = testAppForSuite();

async function signedInCookie(email: string): Promise<string> {
  const c = new TestClient(t.app);
  await c.signUp('Sam', email, 'password-1');
  const res = await c.signIn(email, 'password-1');
  const cookie = res.cookies.find((k) => k.name.endsWith('better-auth.session_token'));
  if (!cookie) throw new Error('no session cookie');
  return `${cookie.name}=${cookie.value}`;
}

describe(`the session cookie, read without the auth library, on ${TEST_DATABASE_NAME}`, () => {
  it('reads the token the library signed, and nothing altered or signed with another secret', async () => {
    const cookie = await signedInCookie('sam@example.com');
    const [row] = await t.database.db
      .select({ token: session.token })
      .from(session)
      .innerJoin(user, eq(user.id, session.userId))
      .where(eq(user.email, 'sam@example.com'));
    const read = createSessionCookieReader(t.secrets.sessionSecret, false);
    expect(read(`theme=dark; ${cookie}; other=1`)).toBe(row!.token);

    const [name, value] = cookie.split('=') as [string, string];
    const decoded = decodeURIComponent(value);
    const forged = `${name}=${encodeURIComponent(`x${decoded}`)}`;
    expect(read(forged)).toBeNull();
    expect(read(`${name}=${encodeURIComponent(decoded.slice(0, -2))}`)).toBeNull();
    expect(read(`${name}=%E0%A4%A`)).toBeNull();
    expect(createSessionCookieReader('another-secret-of-at-least-32-characters', false)(cookie)).toBeNull();
    // Production cookies carry the __Secure- prefix; the plain name is not read there.
    expect(createSessionCookieReader(t.secrets.sessionSecret, true)(cookie)).toBeNull();
    expect(createSessionCookieReader(t.secrets.sessionSecret, true)(`__Secure-${cookie}`)).toBe(row!.token);
  });

  it('ends a session past its expiry, as the library would', async () => {
    const cookie = await signedInCookie('exp@example.com');
    const me = () => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect((await me()).json().user.email).toBe('exp@example.com');
    const [owner] = await t.database.db.select().from(user).where(eq(user.email, 'exp@example.com'));
    await t.database.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.userId, owner!.id));
    expect((await me()).json().user).toBeNull();
    expect(await t.database.db.select().from(session).where(eq(session.userId, owner!.id))).toEqual([]);
  });
});
