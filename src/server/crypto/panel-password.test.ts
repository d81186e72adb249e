import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPanelCipher } from './panel-password';

const key = randomBytes(32).toString('hex');

describe('panel password cipher', () => {
  it('round-trips and never stores the clear text', () => {
    const cipher = createPanelCipher(key);
    const stored = cipher.encrypt('Sup3r,"secret"\npass');
    expect(stored).not.toContain('secret');
    expect(stored.startsWith('v1.')).toBe(true);
    expect(cipher.decrypt(stored)).toBe('Sup3r,"secret"\npass');
  });

  it('uses a fresh IV each time', () => {
    const cipher = createPanelCipher(key);
    expect(cipher.encrypt('same')).not.toBe(cipher.encrypt('same'));
  });

  it('rejects tampered values and the wrong key', () => {
    const cipher = createPanelCipher(key);
    const stored = cipher.encrypt('hello');
    // Flip one bit of the ciphertext itself: editing base64 text can land on bits it ignores.
    const [version, iv, tag, body] = stored.split('.');
    const flipped = Buffer.from(body!, 'base64url');
    flipped[0]! ^= 1;
    const tampered = [version, iv, tag, flipped.toString('base64url')].join('.');
    expect(() => cipher.decrypt(tampered)).toThrow();
    expect(() => createPanelCipher(randomBytes(32).toString('hex')).decrypt(stored)).toThrow();
    expect(() => cipher.decrypt('plain-text')).toThrow('Unrecognised');
  });

  it('refuses a short key', () => {
    expect(() => createPanelCipher('abcd')).toThrow('32 bytes');
  });
});
