import { eq, like } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { account, user, verification } from '../db/schema';
import { codeFrom, emailedSignInCode } from '../testing/accounts';
import { testPasswordHasher } from '../testing/password-hasher';
import { type TestApp, TestClient, testAppForSuite } from '../testing/test-app';
import { TEST_DATABASE_NAME, testConfig, testSecrets } from '../testing/test-config';
import { totpFromUri } from '../testing/totp';
import { createAuth } from './auth';
import { AUTH_SURFACE, surfaceEntry } from './surface';

const database = TEST_DATABASE_NAME;

/** Every endpoint the auth library would mount, as [method, path]. */
function libraryEndpoints(t: TestApp): [string, string][] {
  const auth = createAuth({
    config: testConfig(),
    db: t.database.db,
    secrets: testSecrets(),
    outbox: { kick: () => {} },
    log: { warn: () => {}, error: () => {} },
    passwordHasher: testPasswordHasher,
  });
  const found: [string, string][] = [];
  for (const endpoint of Object.values(auth.api)) {
    const { path, options } = endpoint as { path?: string; options?: { method?: string | string[] } };
    if (!path) continue;
    const methods = options?.method === '*' ? ['GET', 'POST'] : [options?.method ?? []].flat();
    for (const method of methods) found.push([method, path]);
  }
  return found;
}

const t = testAppForSuite();

describe(`the auth surface on ${database}`, () => {
  it('answers 404 on every library endpoint the product does not use', async () => {
    const endpoints = libraryEndpoints(t);
    expect(endpoints.length).toBeGreaterThan(30);
    const reachable: string[] = [];
    for (const [method, path] of endpoints) {
      const allowed = surfaceEntry(method, path.replace(/:[A-Za-z]+/g, 'x')) !== undefined;
      if (allowed || (method !== 'GET' && method !== 'POST')) continue;
      const res = await t.app.inject({
        method: method as 'GET' | 'POST',
        url: `/api/auth${path.replace(/:[A-Za-z]+/g, 'x')}`,
        ...(method === 'POST' ? { payload: {} } : {}),
      });
      if (res.statusCode !== 404) reachable.push(`${method} ${path} -> ${res.statusCode}`);
      else expect(res.json().error.code).toBe('not_found');
    }
    expect(reachable).toEqual([]);
  });

  it('lists only endpoints the library has, each limited when it checks a secret or sends mail', () => {
    const library = new Set(libraryEndpoints(t).map(([method, path]) => `${method} ${path}`));
    for (const entry of AUTH_SURFACE) {
      expect(library, `${entry.method} ${entry.path}`).toContain(`${entry.method} ${entry.path}`);
      if (entry.path !== '/sign-out') expect(entry.ip, entry.path).toBeDefined();
    }
    const secretChecks = [
      '/sign-in/email',
      '/sign-in/email-otp',
      '/two-factor/verify-totp',
      '/two-factor/verify-backup-code',
      '/reset-password',
      '/change-password',
      '/two-factor/enable',
      '/two-factor/disable',
    ];
    for (const path of secretChecks) {
      expect(surfaceEntry('POST', path)?.account, path).toBeDefined();
    }
  });

  it('keeps the e-mailed-code password-reset and verification-mail endpoints out of reach', async () => {
    for (const path of [
      '/email-otp/request-password-reset',
      '/forget-password/email-otp',
      '/email-otp/reset-password',
      '/email-otp/check-verification-otp',
      '/send-verification-email',
      '/get-session',
      '/update-user',
      '/delete-user',
    ]) {
      const res = await t.app.inject({
        method: 'POST',
        url: `/api/auth${path}`,
        payload: { email: 'someone@example.com' },
      });
      expect(res.statusCode, path).toBe(404);
    }
  });

  it('checks the query of every path: a NUL byte, an unknown or repeated parameter is a 400, never a 500', async () => {
    for (const url of [
      '/verify-email?callbackURL=%00',
      '/verify-email?token=abc&callbackURL=0',
      '/verify-email?token=abc&callbackURL=%2F%2Fevil.example',
      '/verify-email?token=abc&callbackURL=%2F%5Cevil.example',
      '/verify-email?token=abc&callbackURL=https%3A%2F%2Fevil.example%2F',
      '/verify-email?token=%00',
      '/verify-email?token=abc&token=%00',
      '/verify-email?token=abc&extra=1',
      '/reset-password/abc?callbackURL=%00',
      '/sign-in/email?x=1',
    ]) {
      const method = url.startsWith('/sign-in') ? 'POST' : 'GET';
      const res = await t.app.inject({
        method,
        url: `/api/auth${url}`,
        payload: method === 'POST' ? {} : undefined,
      });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().error.code, url).toBe('validation_error');
    }
    const nul = await t.app.inject({ method: 'GET', url: '/api/auth/reset-password/ab%00c' });
    expect(nul.statusCode).toBe(404);
  });

  it('stores e-mailed codes hashed', async () => {
    const c = new TestClient(t.app);
    await c.signUp('Hash', 'hash@example.com', 'password-1');
    const code = await emailedSignInCode(t, c, 'hash@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const rows = await t.database.db
      .select()
      .from(verification)
      .where(like(verification.identifier, '%hash@example.com%'));
    expect(rows.length).toBe(1);
    expect(rows[0]?.value).not.toContain(code);
  });

  it('limits code guessing per account, whatever the address the guesses come from', async () => {
    const c = new TestClient(t.app);
    await c.signUp('Target', 'otp-target@example.com', 'password-1');
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await c.request({
        method: 'POST',
        url: '/api/auth/sign-in/email-otp',
        remoteAddress: `10.0.0.${i + 1}`,
        payload: { email: 'otp-target@example.com', otp: String(100000 + i) },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 10).every((s) => s === 400 || s === 401)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe(`a code sign-in in the browser that signed up keeps the password (verification off) on ${database}`, () => {
  it('signs in by code, then by password, then changes the password', async () => {
    const c = new TestClient(t.app);
    await c.signUp('Ola', 'ola@example.com', 'first-password');
    const code = await emailedSignInCode(t, c, 'ola@example.com');
    const wrong = await c.post('/api/auth/sign-in/email-otp', {
      email: 'ola@example.com',
      otp: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    const [before] = await t.database.db.select().from(user).where(eq(user.email, 'ola@example.com'));
    expect(before?.emailVerified).toBe(false);

    expect(
      (await c.post('/api/auth/sign-in/email-otp', { email: 'ola@example.com', otp: code })).statusCode,
    ).toBe(200);
    expect((await c.get('/api/me')).json().user.email).toBe('ola@example.com');
    expect((await c.post('/api/auth/sign-out')).statusCode).toBe(200);

    expect((await c.signIn('ola@example.com', 'first-password')).statusCode).toBe(200);
    const change = await c.changePassword('first-password', 'second-password');
    expect(change.statusCode).toBe(200);
    const [after] = await t.database.db.select().from(user).where(eq(user.email, 'ola@example.com'));
    expect(after?.emailVerified).toBe(true);
    expect(await t.database.db.select().from(account).where(eq(account.userId, after!.id))).toHaveLength(1);
  });
});

describe(`two-factor on every way in, on ${database}`, () => {
  let totpURI: string;
  let backupCodes: string[];
  beforeAll(async () => {
    const c = new TestClient(t.app);
    await c.signUp('Tess', 'tess@example.com', 'password-1');
    // A confirmed address: an unconfirmed one's two-factor would go at its first proof, which
    // the e-mailed code below is (pre-account-takeover.test.ts).
    await t.database.db.update(user).set({ emailVerified: true }).where(eq(user.email, 'tess@example.com'));
    await c.signIn('tess@example.com', 'password-1');
    const enable = await c.post('/api/auth/two-factor/enable', { password: 'password-1' });
    ({ totpURI, backupCodes } = enable.json() as { totpURI: string; backupCodes: string[] });
    expect(
      (await c.post('/api/auth/two-factor/verify-totp', { code: totpFromUri(totpURI) })).statusCode,
    ).toBe(200);
  });

  const signInByCode = async (c: TestClient) => {
    const code = await emailedSignInCode(t, c, 'tess@example.com');
    return c.post('/api/auth/sign-in/email-otp', { email: 'tess@example.com', otp: code });
  };
  const signInByPassword = (c: TestClient) => c.signIn('tess@example.com', 'password-1');

  for (const [name, firstFactor] of [
    ['password', signInByPassword],
    ['e-mailed code', signInByCode],
  ] as const) {
    it(`${name}: no session until the TOTP code or a backup code`, async () => {
      for (const second of ['totp', 'backup'] as const) {
        const c = new TestClient(t.app);
        const first = await firstFactor(c);
        expect(first.statusCode).toBe(200);
        expect(first.json()).toMatchObject({ twoFactorRedirect: true });
        expect(c.hasSession()).toBe(false);
        expect((await c.get('/api/me')).json().user).toBeNull();

        const res =
          second === 'totp'
            ? await c.post('/api/auth/two-factor/verify-totp', { code: totpFromUri(totpURI) })
            : await c.post('/api/auth/two-factor/verify-backup-code', { code: backupCodes.pop() });
        expect(res.statusCode).toBe(200);
        expect(c.hasSession()).toBe(true);
        expect((await c.get('/api/me')).json().user.email).toBe('tess@example.com');
      }
    });
  }
});

describe(`with e-mail verification required, on ${database}`, () => {
  const v = testAppForSuite({ REQUIRE_EMAIL_VERIFICATION: 'true' });

  it('sends an unproven account its confirmation link instead of a code, and keeps its password', async () => {
    const c = new TestClient(v.app);
    await c.signUp('Una', 'una@example.com', 'password-1');
    await v.drainOutbox();
    const signUpMail = v.mailer.lastTo('una@example.com');
    expect(signUpMail?.text).toContain(encodeURIComponent('/login?confirmed=1'));

    const send = await v.mailSentBy(() =>
      c.post('/api/auth/email-otp/send-verification-otp', { email: 'una@example.com', type: 'sign-in' }),
    );
    expect(send.result.statusCode).toBe(200);
    expect(send.mail).toHaveLength(1);
    const mail = send.mail[0];
    expect(mail?.subject).toContain('Confirm your email');
    expect(codeFrom(mail?.subject)).toBeUndefined();

    const refused = await c.post('/api/auth/sign-in/email-otp', { email: 'una@example.com', otp: '123456' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe('Please confirm your email before logging in.');

    const link = new URL(/https?:\/\/\S+verify-email\S+/.exec(mail?.text ?? '')![0]);
    const confirm = await c.get(`${link.pathname}${link.search}`);
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/login?confirmed=1');
    expect((await c.signIn('una@example.com', 'password-1')).statusCode).toBe(200);
  });
});
