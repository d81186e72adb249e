import { Webhook } from 'standardwebhooks';
import { describe, expect, it, vi } from 'vitest';
import { webhookPayload } from './events';
import { newWebhookSecret, webhookSecretKey } from './secret';
import { signWebhook } from './signature';

/**
 * A receiver's verification through the Standard Webhooks reference package, which knows
 * nothing of signature.ts: what a customer's receiver will run. Its clock is moved with fake
 * timers to check the replay window.
 */
function verify(secret: string, body: string, headers: Record<string, string>, now = Date.now()): boolean {
  vi.useFakeTimers({ now, toFake: ['Date'] });
  try {
    new Webhook(secret).verify(body, headers);
    return true;
  } catch {
    return false;
  } finally {
    vi.useRealTimers();
  }
}

describe('webhook secrets', () => {
  it('are whsec_ and the base64 of 32 random bytes, different every time', () => {
    const a = newWebhookSecret();
    const b = newWebhookSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(webhookSecretKey(a)).toHaveLength(32);
    expect(a).not.toBe(b);
  });

  it('refuse a damaged or foreign value instead of signing with another key', () => {
    const good = newWebhookSecret();
    expect(() => webhookSecretKey(good.slice(6))).toThrow('whsec_');
    expect(() => webhookSecretKey(`${good.slice(0, 10)}!${good.slice(11)}`)).toThrow('base64');
    expect(() => webhookSecretKey(`whsec_${Buffer.alloc(16).toString('base64')}`)).toThrow('24 to 64');
  });
});

describe('webhook signatures', () => {
  it('match the published Standard Webhooks example', () => {
    // The signing example of the Standard Webhooks reference libraries.
    const headers = signWebhook({
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestamp: new Date(1614265330 * 1000),
      body: '{"test": 2432232314}',
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    });
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it('verify with a receiver that knows the secret, and with no other body, id, time or secret', () => {
    const secret = newWebhookSecret();
    const now = new Date();
    const body = JSON.stringify(
      webhookPayload('order.paid', { orderId: 42, total: 'EUR 12.00' }, now, 'ws-42'),
    );
    const headers = { ...signWebhook({ id: 'msg_42_1', timestamp: now, body, secret }) };
    expect(verify(secret, body, headers)).toBe(true);

    expect(verify(secret, body.replace('42', '43'), headers)).toBe(false);
    expect(verify(secret, body, { ...headers, 'webhook-id': 'msg_43_1' })).toBe(false);
    expect(
      verify(secret, body, {
        ...headers,
        'webhook-timestamp': String(Number(headers['webhook-timestamp']) + 1),
      }),
    ).toBe(false);
    expect(verify(newWebhookSecret(), body, headers)).toBe(false);
    // Seconds, not milliseconds: a receiver five minutes off refuses it as a replay.
    expect(headers['webhook-timestamp']).toBe(String(Math.floor(now.getTime() / 1000)));
    expect(verify(secret, body, headers, now.getTime() + 6 * 60_000)).toBe(false);
  });

  it('carry one signature per secret while a secret is rotated, each enough on its own', () => {
    const [old, next] = [newWebhookSecret(), newWebhookSecret()];
    const body = '{"type":"refund.approved"}';
    const headers = { ...signWebhook({ id: 'msg_7', timestamp: new Date(), body, secret: [old, next] }) };
    expect(headers['webhook-signature'].split(' ')).toHaveLength(2);
    expect(verify(old, body, headers)).toBe(true);
    expect(verify(next, body, headers)).toBe(true);
  });

  it('refuse an id that would make the signed content ambiguous', () => {
    const input = { timestamp: new Date(), body: '{}', secret: newWebhookSecret() };
    expect(() => signWebhook({ ...input, id: 'msg.1' })).toThrow('message id');
    expect(() => signWebhook({ ...input, id: '' })).toThrow('message id');
  });
});
