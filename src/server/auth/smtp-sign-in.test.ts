import { describe, expect, it } from 'vitest';
import { smtpAppForSuite } from '../testing/smtp-app';
import { TestClient } from '../testing/test-app';

/* The sign-in code travels over real SMTP to a real peer, and the code it carries signs in. */
const smtp = smtpAppForSuite({ MAIL_FROM: 'PanelHub <no-reply@panelhub.example>' });

describe('sign-in code over SMTP', () => {
  it('reaches the SMTP peer and signs the user in', async () => {
    const c = new TestClient(smtp.app);
    await c.signUp('Nia', 'nia@example.com', 'password-1');
    expect(
      (
        await c.post('/api/auth/email-otp/send-verification-otp', {
          email: 'nia@example.com',
          type: 'sign-in',
        })
      ).statusCode,
    ).toBe(200);
    // Queued in the outbox and kicked; the sweep that follows has sent it.
    await smtp.app.outbox.run();
    const message = smtp.peer.received.find((m) => m.includes('To: nia@example.com'));
    expect(message).toBeDefined();
    const code = /Subject: .*?(\d{6})/.exec(message!)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    expect(
      (await c.post('/api/auth/sign-in/email-otp', { email: 'nia@example.com', otp: code })).statusCode,
    ).toBe(200);
    expect((await c.get('/api/me')).json().user.email).toBe('nia@example.com');
  });
});
