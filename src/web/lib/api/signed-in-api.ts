import { noteActivity } from '../last-activity';

// A plain fetch, not call(accountApi.me) as session-api.ts does: the public pages ask this, and
// their first download carries neither zod nor the endpoint declarations.

/**
 * Whether GET /api/me names a user; undefined when no answer could be had (no connection, an
 * error status, a body that is not JSON).
 */
export async function fetchSignedIn(): Promise<boolean | undefined> {
  // The server counts this request as activity, so the idle timer does too.
  noteActivity();
  try {
    const response = await fetch('/api/me', {
      credentials: 'same-origin',
      headers: { accept: 'application/json' },
    });
    if (!response.ok) return undefined;
    const body = (await response.json()) as { user?: { id?: unknown } | null } | null;
    return typeof body?.user?.id === 'string';
  } catch {
    return undefined;
  }
}
