import { describe, expect, it } from 'vitest';
import { scopeAllows } from '../../domain/api-keys';
import { generateApiKey, hashApiKey, looksLikeApiKey } from './service';

describe('API key texts', () => {
  it('are phk_ and 43 base62 characters, never twice the same', () => {
    const keys = Array.from({ length: 2000 }, generateApiKey);
    for (const key of keys) {
      expect(key).toMatch(/^phk_[0-9A-Za-z]{43}$/);
      expect(looksLikeApiKey(key)).toBe(true);
    }
    expect(new Set(keys).size).toBe(keys.length);
    // Every base62 character turns up: the draw covers the whole alphabet.
    expect(new Set(keys.join('')).size).toBeGreaterThanOrEqual(62);
  });

  it('are recognised before any lookup, and hashed as a whole', () => {
    const key = generateApiKey();
    for (const other of [
      '',
      'phk_',
      `${key}x`,
      key.slice(0, -1),
      `pk_${key.slice(4)}`,
      `${key.slice(0, -1)}-`,
    ]) {
      expect(looksLikeApiKey(other), other).toBe(false);
    }
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).not.toBe(hashApiKey(key.slice(0, -1) + (key.endsWith('0') ? '1' : '0')));
  });
});

describe('scopes', () => {
  it('let read_write do everything and read only read', () => {
    expect(scopeAllows('read', 'read')).toBe(true);
    expect(scopeAllows('read', 'read_write')).toBe(false);
    expect(scopeAllows('read_write', 'read')).toBe(true);
    expect(scopeAllows('read_write', 'read_write')).toBe(true);
  });
});
