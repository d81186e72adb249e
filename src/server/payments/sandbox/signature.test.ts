import { describe, expect, it } from 'vitest';
import { signPayload, verifySignature } from './signature';

describe('sandbox event signatures', () => {
  const body = JSON.stringify({ id: 'evt_1' });
  it('accepts a fresh, matching signature', () => {
    expect(() => verifySignature(body, signPayload(body, 'secret'), 'secret')).not.toThrow();
  });
  it('rejects a wrong secret, a changed body, a stale timestamp and garbage', () => {
    const header = signPayload(body, 'secret', 1_000_000);
    expect(() => verifySignature(body, signPayload(body, 'other'), 'secret')).toThrow('does not match');
    expect(() => verifySignature(`${body} `, signPayload(body, 'secret'), 'secret')).toThrow(
      'does not match',
    );
    expect(() => verifySignature(body, header, 'secret', 1_000_000 + 301)).toThrow('too old');
    expect(() => verifySignature(body, 'nonsense', 'secret')).toThrow('Malformed');
    expect(() => verifySignature(body, undefined, 'secret')).toThrow('Missing');
  });
});
