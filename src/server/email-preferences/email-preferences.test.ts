import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../../domain/account-schemas';
import type { EmailMessage } from '../mail/send-email';
import { addStock } from '../testing/inventory';
import { TestClient, testAppForSuite } from '../testing/test-app';
import { TEST_DATABASE_NAME } from '../testing/test-config';
import { createPreferenceLinks } from './links';

/*
 * Preferences apply (docs/decisions/0008-email-classes-and-operator-alerts.md): 'Order
 * Updates' and the 'Email Notifications' master switch stop the order e-mails and never the
 * account ones; every message a preference covers carries a one-click link that turns it off
 * without signing in.
 */
const database = TEST_DATABASE_NAME;

const t = testAppForSuite({ PUBLIC_URL: 'https://shop.panelhub.test' });
beforeAll(async () => {
  await t.app.ready();
  await addStock(t.database.db, 20);
});

let n = 0;
async function customer() {
  n++;
  const email = `pref${n}@example.com`;
  const c = new TestClient(t.app);
  await c.signUp(`Pref ${n}`, email, 'password-1');
  expect((await c.signIn(email, 'password-1')).statusCode).toBe(200);
  return { c, email };
}

/** A card order paid through the sandbox: 'Order N confirmed' and 'panels ready' are due. */
async function buyAndPay(c: TestClient): Promise<number> {
  const { url, orderId } = (
    await c.post('/api/checkout', { planId: 'basic', additionalPanels: 0, method: 'card' })
  ).json();
  const pay = await c.post(`/api/sandbox/sessions/${String(url).split('/').at(-1)}/pay`);
  expect(pay.statusCode).toBe(200);
  return orderId;
}

async function mailTo(email: string): Promise<EmailMessage[]> {
  await t.drainOutbox();
  return t.mailer.sent.filter((m) => m.to === email);
}

const subjects = (mail: EmailMessage[]) => mail.map((m) => m.subject);

const oneClick = (mail: EmailMessage | undefined) =>
  new URL(/^<(.+)>$/.exec(mail?.headers?.['List-Unsubscribe'] ?? '')?.[1] ?? 'https://missing.test/');

describe(`e-mail preferences on ${database}`, () => {
  it('with Order Updates off, a paid order sends no order e-mail, and account e-mails still arrive', async () => {
    const { c, email } = await customer();
    const off = { ...DEFAULT_SETTINGS, orderUpdates: false };
    expect((await c.put('/api/me/settings', off)).statusCode).toBe(200);

    const orderId = await buyAndPay(c);
    await c.post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });
    await c.post('/api/auth/request-password-reset', { email, redirectTo: '/reset-password' });

    const mail = await mailTo(email);
    expect(subjects(mail).some((s) => s.includes(`Order ${orderId}`) || s.includes('ready'))).toBe(false);
    expect(subjects(mail)).toEqual([
      expect.stringContaining('sign-in code'),
      expect.stringContaining('Reset your'),
    ]);
    // Account mail says why it cannot be turned off, links to the settings, and has no
    // List-Unsubscribe: there is nothing to unsubscribe from.
    for (const m of mail) {
      expect(m.text).toContain('Account and security emails are always sent.');
      expect(m.text).toContain('https://shop.panelhub.test/settings');
      expect(m.headers).toBeUndefined();
    }
  });

  it("the 'Email Notifications' master switch stops order e-mails too; with both on they arrive", async () => {
    const { c, email } = await customer();
    await c.put('/api/me/settings', { ...DEFAULT_SETTINGS, emailNotifications: false });
    await buyAndPay(c);
    expect(await mailTo(email)).toEqual([]);

    await c.put('/api/me/settings', DEFAULT_SETTINGS);
    const orderId = await buyAndPay(c);
    expect(subjects(await mailTo(email))).toEqual([
      `Order ${orderId} confirmed`,
      'Your 1 admin panel is ready',
    ]);
  });

  it('puts a one-click link in every order e-mail that turns Order Updates off without signing in', async () => {
    const { c, email } = await customer();
    await buyAndPay(c);
    const [confirmation, ready] = await mailTo(email);
    expect(confirmation?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    const url = oneClick(confirmation);
    expect(url.origin + url.pathname).toBe('https://shop.panelhub.test/api/email-preferences/unsubscribe');
    const token = url.searchParams.get('token') ?? '';
    // The same link, to the page, is in the body of both messages.
    const page = `https://shop.panelhub.test/email-preferences?token=${encodeURIComponent(token)}`;
    expect(confirmation?.text).toContain(`Turn off order update emails: ${page}`);
    expect(confirmation?.html).toContain(page);
    expect(oneClick(ready).searchParams.get('token')).toBe(token);

    const stranger = new TestClient(t.app);
    const path = `${url.pathname}${url.search}`;
    // Opening the link (a person, or a mail scanner) changes nothing; it leads to the page.
    const opened = await stranger.get(path);
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe(`/email-preferences?token=${encodeURIComponent(token)}`);
    expect((await c.get('/api/me/settings')).json().orderUpdates).toBe(true);

    // A forged or altered token does nothing either.
    const [body, signature] = token.split('.');
    const forged = createPreferenceLinks('https://shop.panelhub.test', 'another-secret-'.repeat(3));
    for (const bad of [`${body}.${signature?.slice(1)}A`, forged.token('someone', 'orderUpdates'), 'x.y']) {
      const refused = await stranger.post(`${url.pathname}?token=${encodeURIComponent(bad)}`);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().error.code).toBe('invalid_link');
    }
    expect((await c.get('/api/me/settings')).json().orderUpdates).toBe(true);

    // The mail client's one-click POST (RFC 8058): a form body, no cookie, no Origin.
    const mailClientPost = (contentType: string, payload: string) =>
      t.app.inject({ method: 'POST', url: path, headers: { 'content-type': contentType }, payload });
    const clicked = await mailClientPost('application/x-www-form-urlencoded', 'List-Unsubscribe=One-Click');
    expect(clicked.statusCode).toBe(200);
    expect(clicked.json()).toEqual({ preference: 'orderUpdates', label: 'Order Updates', enabled: false });
    expect((await c.get('/api/me/settings')).json()).toEqual({ ...DEFAULT_SETTINGS, orderUpdates: false });
    // Again, and as multipart, as some clients send it: the same answer, nothing more changes.
    const again = await mailClientPost(
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    );
    expect(again.statusCode).toBe(200);

    // From now on this customer's order e-mails are not even queued.
    const before = (await mailTo(email)).length;
    await buyAndPay(c);
    expect(await mailTo(email)).toHaveLength(before);
  });

  it('refuses the link of an account that no longer exists', async () => {
    const { c, email } = await customer();
    await buyAndPay(c);
    const [confirmation] = await mailTo(email);
    const url = oneClick(confirmation);
    await c.post('/api/me/delete', { confirmEmail: email });
    const gone = await new TestClient(t.app).post(`${url.pathname}${url.search}`);
    expect(gone.statusCode).toBe(400);
    expect(gone.json().error.code).toBe('invalid_link');
  });
});
