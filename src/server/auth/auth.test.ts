import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { session, user, userSettings } from '../db/schema';
import { codeFrom } from '../testing/accounts';
import { auditEntries } from '../testing/audit';
import { TestClient, testAppForSuite } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';
import { totpFromUri } from '../testing/totp';

const t = testAppForSuite();

describe(`accounts API on ${TEST_DATABASE_NAME}`, () => {
  it('signs up without signing in, then signs in and out', async () => {
    const c = new TestClient(t.app);
    const res = await c.signUp('Ann Lee', 'Ann@Example.com', 'correct-horse');
    expect(res.statusCode).toBe(200);
    expect(c.hasSession()).toBe(false);
    const [row] = await t.database.db.select().from(user).where(eq(user.email, 'ann@example.com'));
    expect(row?.role).toBe('user');

    expect((await c.get('/api/me')).json().user).toBeNull();
    const signIn = await c.signIn('ann@example.com', 'correct-horse');
    expect(signIn.statusCode).toBe(200);
    const me = await c.get('/api/me');
    expect(me.json().user).toMatchObject({ email: 'ann@example.com', name: 'Ann Lee', isAdmin: false });

    const audit = await auditEntries(t.database.db, 'auth.sign_in');
    const signInEntry = audit.find((a) => a.actorEmail === 'ann@example.com');
    expect(signInEntry?.ip).toBe('127.0.0.1');
    // An address the client claims is not believed (no trusted proxy in front here).
    await c.request({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { 'x-forwarded-for': '6.6.6.6' },
      payload: { email: 'ann@example.com', password: 'correct-horse' },
    });
    const ips = (await auditEntries(t.database.db, 'auth.sign_in')).map((a) => a.ip);
    expect(ips).not.toContain('6.6.6.6');

    expect((await c.post('/api/auth/sign-out')).statusCode).toBe(200);
    expect((await c.get('/api/me')).json().user).toBeNull();
  });

  it('uses the documented texts for a taken e-mail and for bad credentials, the same for unknown e-mails', async () => {
    const c = new TestClient(t.app);
    await c.signUp('Bob', 'bob@example.com', 'password-1');
    const dup = await c.signUp('Bob Again', 'bob@example.com', 'password-2');
    expect(dup.statusCode).toBeGreaterThanOrEqual(400);
    expect(dup.json().error.message).toBe('This email is already registered. Please log in instead.');

    const wrong = await c.signIn('bob@example.com', 'not-the-password');
    const unknown = await c.signIn('nobody@example.com', 'not-the-password');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(wrong.statusCode);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().error.message).toBe('Invalid email or password. Please try again.');
  });

  it('rejects bad input with a clear 400 and stores nothing', async () => {
    const c = new TestClient(t.app);
    const cases: [Record<string, unknown>, string][] = [
      [{ name: 'X', email: 'not-an-email', password: 'password-1' }, 'Enter a valid email address.'],
      [{ name: 'x'.repeat(10_240), email: 'big@example.com', password: 'password-1' }, 'at most 100'],
      [{ name: 'Evil\u0007Bell', email: 'ctl@example.com', password: 'password-1' }, 'not allowed'],
      [{ name: 'Short', email: 'short@example.com', password: '1234567' }, 'at least 8'],
      [
        { name: 'Role', email: 'role@example.com', password: 'password-1', role: 'admin' },
        'Unknown field: role',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await c.post('/api/auth/sign-up/email', body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().error.message).toContain(message);
    }
    const sqlish = await c.signUp('Robert\'); DROP TABLE "user";--', 'sql@example.com', 'password-1');
    expect(sqlish.statusCode).toBe(200);
    const rows = await t.database.db.select({ email: user.email, name: user.name }).from(user);
    expect(rows.map((r) => r.email)).not.toContain('big@example.com');
    expect(rows.map((r) => r.email)).not.toContain('role@example.com');
    expect(rows.find((r) => r.email === 'sql@example.com')?.name).toBe('Robert\'); DROP TABLE "user";--');
  });

  it('signs in with an e-mailed code, and never mails unknown addresses', async () => {
    const c = new TestClient(t.app);
    await c.signUp('Cleo', 'cleo@example.com', 'password-1');
    const send = await c.post('/api/auth/email-otp/send-verification-otp', {
      email: 'cleo@example.com',
      type: 'sign-in',
    });
    expect(send.statusCode).toBe(200);
    await t.drainOutbox();
    const code = codeFrom(t.mailer.lastTo('cleo@example.com')?.text);
    expect(code).toMatch(/^\d{6}$/);

    const bad = await c.post('/api/auth/sign-in/email-otp', {
      email: 'cleo@example.com',
      otp: code === '000000' ? '111111' : '000000',
    });
    expect(bad.statusCode).toBeGreaterThanOrEqual(400);
    expect(c.hasSession()).toBe(false);
    const ok = await c.post('/api/auth/sign-in/email-otp', { email: 'cleo@example.com', otp: code });
    expect(ok.statusCode).toBe(200);
    expect((await c.get('/api/me')).json().user.email).toBe('cleo@example.com');

    const ghost = await t.mailSentBy(() =>
      c.post('/api/auth/email-otp/send-verification-otp', { email: 'ghost@example.com', type: 'sign-in' }),
    );
    expect(ghost.result.statusCode).toBe(200);
    expect(ghost.mail).toEqual([]);
    expect(
      (await c.post('/api/auth/email-otp/send-verification-otp', { email: '', type: 'sign-in' })).statusCode,
    ).toBe(400);
  });

  it('resets a forgotten password by e-mailed link and ends the old sessions', async () => {
    const c = new TestClient(t.app);
    await c.signUp('Dee', 'dee@example.com', 'old-password');
    const other = new TestClient(t.app);
    await other.signIn('dee@example.com', 'old-password');
    const req = await c.post('/api/auth/request-password-reset', {
      email: 'dee@example.com',
      redirectTo: '/reset-password',
    });
    expect(req.statusCode).toBe(200);
    await t.drainOutbox();
    const link = /https?:\/\/\S+reset-password\/([\w-]+)/.exec(
      t.mailer.lastTo('dee@example.com')?.text ?? '',
    );
    expect(link).not.toBeNull();
    const reset = await c.post('/api/auth/reset-password', { newPassword: 'new-password', token: link![1] });
    expect(reset.statusCode).toBe(200);
    expect((await other.get('/api/me')).json().user).toBeNull();
    expect((await c.signIn('dee@example.com', 'old-password')).statusCode).toBe(401);
    expect((await c.signIn('dee@example.com', 'new-password')).statusCode).toBe(200);
  });

  it('changes the password with the current one and signs other sessions out', async () => {
    const a = new TestClient(t.app);
    await a.signUp('Eve', 'eve@example.com', 'first-password');
    await a.signIn('eve@example.com', 'first-password');
    const b = new TestClient(t.app);
    await b.signIn('eve@example.com', 'first-password');
    const wrong = await a.changePassword('nope-nope', 'second-password');
    expect(wrong.statusCode).toBeGreaterThanOrEqual(400);
    const ok = await a.changePassword('first-password', 'second-password');
    expect(ok.statusCode).toBe(200);
    expect((await a.get('/api/me')).json().user).not.toBeNull();
    expect((await b.get('/api/me')).json().user).toBeNull();
    expect((await b.signIn('eve@example.com', 'second-password')).statusCode).toBe(200);
  });

  it('ends a session after 30 idle minutes unless the user turned Session Timeout off', async () => {
    const c = new TestClient(t.app);
    await c.signUp('Fay', 'fay@example.com', 'password-1');
    await c.signIn('fay@example.com', 'password-1');
    const [fay] = await t.database.db.select().from(user).where(eq(user.email, 'fay@example.com'));
    const idle = async (minutes: number) =>
      t.database.db
        .update(session)
        .set({ lastActiveAt: new Date(Date.now() - minutes * 60_000) })
        .where(eq(session.userId, fay!.id));

    await idle(29);
    expect((await c.get('/api/me')).json().user).not.toBeNull();

    await t.database.db.insert(userSettings).values({ userId: fay!.id, sessionTimeout: false });
    await idle(45);
    expect((await c.get('/api/me')).json().user).not.toBeNull();

    await t.database.db
      .update(userSettings)
      .set({ sessionTimeout: true })
      .where(eq(userSettings.userId, fay!.id));
    await idle(31);
    expect((await c.get('/api/me')).json().user).toBeNull();
    expect(await t.database.db.select().from(session).where(eq(session.userId, fay!.id))).toHaveLength(0);
  });

  it('enrols TOTP two-factor and then asks for a code at sign-in', async () => {
    const c = new TestClient(t.app);
    await c.signUp('Gus', 'gus@example.com', 'password-1');
    await c.signIn('gus@example.com', 'password-1');
    const enable = await c.post('/api/auth/two-factor/enable', { password: 'password-1' });
    expect(enable.statusCode).toBe(200);
    const { totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] };
    expect(totpURI).toMatch(/^otpauth:\/\/totp\//);
    expect(backupCodes.length).toBeGreaterThanOrEqual(8);
    const confirm = await c.post('/api/auth/two-factor/verify-totp', { code: totpFromUri(totpURI) });
    expect(confirm.statusCode).toBe(200);
    expect((await c.get('/api/me')).json().user.twoFactorEnabled).toBe(true);

    const d = new TestClient(t.app);
    const first = await d.signIn('gus@example.com', 'password-1');
    expect(first.json()).toMatchObject({ twoFactorRedirect: true });
    expect((await d.get('/api/me')).json().user).toBeNull();
    const second = await d.post('/api/auth/two-factor/verify-totp', { code: totpFromUri(totpURI) });
    expect(second.statusCode).toBe(200);
    expect((await d.get('/api/me')).json().user.email).toBe('gus@example.com');

    const e = new TestClient(t.app);
    await e.signIn('gus@example.com', 'password-1');
    expect(
      (await e.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes[0] })).statusCode,
    ).toBe(200);
  });

  it('rate limits sign-in per e-mail with a clear message', async () => {
    const c = new TestClient(t.app);
    let last = await c.signIn('target@example.com', 'guess-0000');
    for (let i = 1; i <= 10; i++) last = await c.signIn('target@example.com', `guess-${i}`);
    expect(last.statusCode).toBe(429);
    expect(last.json().error.message).toMatch(
      /^Too many attempts\. Please wait \d+ (minutes|seconds) and try again\.$/,
    );
    expect(last.headers['retry-after']).toBeDefined();
  });

  it('refuses state-changing requests from another site', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'https://evil.example' },
      payload: { email: 'a@example.com', password: 'password-1' },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe('forbidden_origin');
  });
});

describe('with e-mail verification required', () => {
  const v = testAppForSuite({ REQUIRE_EMAIL_VERIFICATION: 'true' });

  it('mails a verification link and refuses sign-in until it is followed', async () => {
    const c = new TestClient(v.app);
    expect((await c.signUp('Hal', 'hal@example.com', 'password-1')).statusCode).toBe(200);
    await v.drainOutbox();
    const mail = v.mailer.lastTo('hal@example.com');
    expect(mail?.subject).toContain('Confirm your email');
    const denied = await c.signIn('hal@example.com', 'password-1');
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe('Please confirm your email before logging in.');

    const url = new URL(/https?:\/\/\S+verify-email\S+/.exec(mail?.text ?? '')![0]);
    const verify = await c.get(`${url.pathname}${url.search}`);
    expect(verify.statusCode).toBeLessThan(400);
    expect((await c.signIn('hal@example.com', 'password-1')).statusCode).toBe(200);
  });
});
