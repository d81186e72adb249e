import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Panel passwords at rest (D7): AES-256-GCM with a random 12-byte IV per value.
 * Stored as `v1.<iv>.<tag>.<ciphertext>` (base64url) so the scheme can change later
 * without guessing what an old row holds.
 */
const VERSION = 'v1';

function keyFrom(hex: string): Buffer {
  const key = Buffer.from(hex, 'hex');
  if (key.length !== 32) throw new Error('The panel secret key must be 32 bytes (64 hex characters).');
  return key;
}

export interface PanelCipher {
  encrypt(plain: string): string;
  decrypt(stored: string): string;
}

export function createPanelCipher(keyHex: string): PanelCipher {
  const key = keyFrom(keyHex);
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [VERSION, iv, cipher.getAuthTag(), body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(stored) {
      const [version, iv, tag, body] = stored.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) {
        throw new Error('Unrecognised panel password format.');
      }
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
