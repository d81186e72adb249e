import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { account, apiKeys, session, user, webhookEndpoints } from '../db/schema';
import { emailedSignInCode } from '../testing/accounts';
import { auditEntries } from '../testing/audit';
import { type TestApp, TestClient, testAppForSuite } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';
import { totpFromUri } from '../testing/totp';
import { personalWorkspaceId } from '../testing/workspaces';

/**
 * Someone registers the victim's address first, with a password of their choosing, and sets
 * up keys to the account. When the victim proves the address (a code, the confirmation link,
 * a reset link), every one of those keys is gone: two clients, as two people would be.
 */

const linkFrom = (text: string | undefined, path: string) =>
  new URL(new RegExp(`https?://\\S+${path}\\S*`).exec(text ?? '')![0]);

async function userRow(t: TestApp, email: string) {
  const [row] = await t.database.db.select().from(user).where(eq(user.email, email));
  if (!row) throw new Error(`no account for ${email}`);
  return row;
}

/** The attacker signs up with the victim's address and, where the product lets them in, arms the account. */
async function attackerSignsUp(t: TestApp, email: string, arm: boolean) {
  const attacker = new TestClient(t.app);
  expect((await attacker.signUp('Mallory', email, 'attacker-password')).statusCode).toBe(200);
  if (!arm) return { attacker, key: undefined };
  expect((await attacker.signIn(email, 'attacker-password')).statusCode).toBe(200);
  const key = (await attacker.post('/api/me/api-keys', { name: 'mine', scope: 'read_write' })).json() as {
    key: string;
  };
  const enable = await attacker.post('/api/auth/two-factor/enable', { password: 'attacker-password' });
  const { totpURI } = enable.json() as { totpURI: string };
  expect(
    (await attacker.post('/api/auth/two-factor/verify-totp', { code: totpFromUri(totpURI) })).statusCode,
  ).toBe(200);
  const { id } = await userRow(t, email);
  const workspaceId = await personalWorkspaceId(t.database.db, id);
  await t.database.db.insert(webhookEndpoints).values({
    userId: id,
    workspaceId,
    url: 'https://hooks.attacker.example/in',
    events: [],
    secretEncrypted: 'x',
  });
  // Nobody else is brought in before the address is proven: no accomplice stays a member after.
  const made = await attacker.post('/api/me/workspaces', { name: 'Shared' });
  expect(made.statusCode).toBe(403);
  expect(made.json().error.code).toBe('email_not_verified');
  const invited = await attacker.post(`/api/me/workspaces/${workspaceId}/invitations`, {
    email: 'accomplice@attacker.example',
    role: 'admin',
  });
  expect(invited.statusCode).toBe(403);
  expect(invited.json().error.code).toBe('email_not_verified');
  return { attacker, key: key.key };
}

async function expectNoKeyLeft(t: TestApp, attacker: TestClient, email: string, key: string | undefined) {
  expect((await attacker.get('/api/me')).json().user).toBeNull();
  const again = await new TestClient(t.app).signIn(email, 'attacker-password');
  expect(again.statusCode).toBe(401);
  expect(again.json().error.message).toBe('Invalid email or password. Please try again.');
  if (key) {
    const v1 = await t.app.inject({
      method: 'GET',
      url: '/api/v1/panels',
      headers: { authorization: `Bearer ${key}` },
    });
    expect(v1.statusCode).toBe(401);
  }
  const row = await userRow(t, email);
  expect(row.emailVerified).toBe(true);
  expect(row.twoFactorEnabled).toBe(false);
  const live = (table: typeof apiKeys | typeof webhookEndpoints) =>
    t.database.db
      .select({ id: table.id })
      .from(table)
      .where(
        and(
          eq(table.userId, row.id),
          isNull(table === apiKeys ? apiKeys.revokedAt : webhookEndpoints.disabledAt),
        ),
      );
  expect(await live(apiKeys)).toEqual([]);
  expect(await live(webhookEndpoints)).toEqual([]);
}

async function victimSetsPassword(t: TestApp, victim: TestClient, email: string) {
  const { mail } = await t.mailSentBy(() =>
    victim.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' }),
  );
  const reset = linkFrom(mail.find((m) => m.to === email)?.text, 'reset-password');
  const page = await victim.get(`${reset.pathname}${reset.search}`);
  const token = new URL(page.headers.location as string, 'http://x').searchParams.get('token');
  expect(
    (await victim.post('/api/auth/reset-password', { token, newPassword: 'victim-password' })).statusCode,
  ).toBe(200);
  expect((await new TestClient(t.app).signIn(email, 'victim-password')).statusCode).toBe(200);
}

describe(`pre-account takeover, verification off, on ${TEST_DATABASE_NAME}`, () => {
  const t = testAppForSuite();

  it('a sign-in code proves the address and takes away every key the first registrant made', async () => {
    const email = 'victim@example.com';
    const { attacker, key } = await attackerSignsUp(t, email, true);
    expect((await attacker.get('/api/me')).json().user.email).toBe(email);

    const victim = new TestClient(t.app);
    const taken = await victim.signUp('Victor', email, 'victim-password');
    expect(taken.json().error.message).toBe('This email is already registered. Please log in instead.');
    const code = await emailedSignInCode(t, victim, email);
    const { result, mail } = await t.mailSentBy(() =>
      victim.post('/api/auth/sign-in/email-otp', { email, otp: code }),
    );
    expect(result.statusCode).toBe(200);
    expect(result.json().twoFactorRedirect).toBeUndefined();
    const me = (await victim.get('/api/me')).json().user;
    expect(me).toMatchObject({ email, hasPassword: false, twoFactorEnabled: false });

    await expectNoKeyLeft(t, attacker, email, key);
    const told = mail.find((m) => m.to === email);
    expect(told?.subject).toBe('Your email address is confirmed: you can set a password now');
    expect(told?.text).toContain(
      'the password, two-factor authentication, 1 API key (revoked), 1 webhook endpoint (turned off)',
    );
    expect(told?.text).toContain('Set a password: http://localhost:3000/forgot-password');
    const [entry] = await auditEntries(t.database.db, 'auth.address_proven');
    expect(entry?.details).toMatchObject({ signedUpInThisBrowser: false, password: true, apiKeys: 1 });

    // The victim's own session survives (it came after the proof), and a password only through the mailbox.
    await victimSetsPassword(t, victim, email);
    expect((await auditEntries(t.database.db, 'auth.address_proven')).length).toBe(1);
  });

  it('a reset link proves the address too: the new password stays, the old keys go', async () => {
    const email = 'reset-victim@example.com';
    const { attacker, key } = await attackerSignsUp(t, email, true);
    const victim = new TestClient(t.app);
    await victimSetsPassword(t, victim, email);
    await expectNoKeyLeft(t, attacker, email, key);
    const { id } = await userRow(t, email);
    expect(await t.database.db.select().from(account).where(eq(account.userId, id))).toHaveLength(1);
  });

  it('the browser that signed up keeps its password at the first proof; its older sessions still end', async () => {
    const email = 'same-browser@example.com';
    const c = new TestClient(t.app);
    await c.signUp('Sam', email, 'sam-password');
    const other = new TestClient(t.app);
    await other.signIn(email, 'sam-password');
    const code = await emailedSignInCode(t, c, email);
    const { mail } = await t.mailSentBy(() => c.post('/api/auth/sign-in/email-otp', { email, otp: code }));
    expect(mail).toEqual([]);
    expect((await c.get('/api/me')).json().user).toMatchObject({ hasPassword: true });
    expect((await other.get('/api/me')).json().user).toBeNull();
    expect((await new TestClient(t.app).signIn(email, 'sam-password')).statusCode).toBe(200);
  });

  it('a forged claim cookie keeps nothing', async () => {
    const email = 'forged@example.com';
    await attackerSignsUp(t, email, false);
    const victim = new TestClient(t.app);
    const code = await emailedSignInCode(t, victim, email);
    const res = await victim.request({
      method: 'POST',
      url: '/api/auth/sign-in/email-otp',
      headers: { cookie: 'panelhub.signup_claim=guessed' },
      payload: { email, otp: code },
    });
    expect(res.statusCode).toBe(200);
    expect((await new TestClient(t.app).signIn(email, 'attacker-password')).statusCode).toBe(401);
  });
});

describe(`pre-account takeover, verification required, on ${TEST_DATABASE_NAME}`, () => {
  const v = testAppForSuite({ REQUIRE_EMAIL_VERIFICATION: 'true' });

  it('the confirmation link the victim asked for drops the first registrant password', async () => {
    const email = 'victim2@example.com';
    const { attacker } = await attackerSignsUp(v, email, false);
    const victim = new TestClient(v.app);
    expect((await victim.signUp('Victor', email, 'victim-password')).statusCode).toBe(422);
    const { mail } = await v.mailSentBy(() =>
      victim.post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' }),
    );
    const link = linkFrom(mail[0]?.text, 'verify-email');
    const { result: confirm, mail: told } = await v.mailSentBy(() =>
      victim.get(`${link.pathname}${link.search}`),
    );
    expect(confirm.statusCode).toBe(302);
    expect(confirm.headers.location).toBe('/login?confirmed=1&password=removed');
    expect(told.map((m) => m.subject)).toEqual([
      'Your email address is confirmed: you can set a password now',
    ]);

    await expectNoKeyLeft(v, attacker, email, undefined);
    const code = await emailedSignInCode(v, victim, email);
    expect((await victim.post('/api/auth/sign-in/email-otp', { email, otp: code })).statusCode).toBe(200);
    expect((await victim.get('/api/me')).json().user).toMatchObject({ email, hasPassword: false });
    await victimSetsPassword(v, victim, email);
  });

  it('the confirmation link opened in the browser that signed up keeps the password', async () => {
    const email = 'own@example.com';
    const c = new TestClient(v.app);
    const signUp = await c.signUp('Olive', email, 'olive-password');
    // Sent only where a proof arrives: a script's later sign-in carries no cookie to explain.
    expect(
      signUp.cookies.filter((cookie) => cookie.name === 'panelhub.signup_claim').map((cookie) => cookie.path),
    ).toEqual(['/api/auth/verify-email', '/api/auth/sign-in/email-otp']);
    await v.drainOutbox();
    const link = linkFrom(v.mailer.lastTo(email)?.text, 'verify-email');
    const confirm = await c.get(`${link.pathname}${link.search}`);
    expect(confirm.headers.location).toBe('/login?confirmed=1');
    expect((await c.signIn(email, 'olive-password')).statusCode).toBe(200);
    const { id } = await userRow(v, email);
    expect(await v.database.db.select().from(session).where(eq(session.userId, id))).toHaveLength(1);
  });
});
