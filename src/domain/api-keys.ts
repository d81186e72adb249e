// API keys (docs/decisions/0011-api-keys.md): what a key may do and how it looks.

/** What a key may do: `read` serves every GET of /api/v1; `read_write` also its writes. */
export const API_KEY_SCOPES = ['read', 'read_write'] as const;

/**
 * What a read & write key can change today: the writes of /api/v1 (docs/decisions/0011), one
 * phrase for the settings dialog and the API guide. A new write is added here with its route.
 */
export const READ_WRITE_CHANGES =
  'place orders (POST /api/v1/orders) and cancel a subscription at the end of its period or resume it';
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts with this, so a leaked one is recognisable in a log or a secret scanner. */
export const API_KEY_PREFIX = 'phk_';
/** Base62 characters after the prefix: 43 of them carry 256 random bits. */
export const API_KEY_SECRET_LENGTH = 43;
/** How much of a key the list shows (the prefix and 8 characters), to tell keys apart. */
export const API_KEY_HINT_LENGTH = API_KEY_PREFIX.length + 8;

/** Keys one account may hold at a time. */
export const MAX_API_KEYS_PER_USER = 25;

/** Requests per key per minute on /api/v1. */
export const API_KEY_RATE_LIMIT = 120;
export const API_KEY_RATE_WINDOW_MS = 60_000;
/**
 * Requests per client address per minute on /api/v1, counted before the key is looked up, so
 * the path that checks a secret is bounded for guessers too; room for several busy keys.
 */
export const API_V1_IP_RATE_LIMIT = 600;

/** Whether a key of scope `held` may call a route that needs `needed`. */
export function scopeAllows(held: ApiKeyScope, needed: ApiKeyScope): boolean {
  return held === 'read_write' || needed === 'read';
}
