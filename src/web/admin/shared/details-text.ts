/**
 * An audit entry's details ({ rows: 3, accepted: 1 }) as one line: 'rows: 3 · accepted: 1'.
 * Nested values are written as JSON; the server never puts secrets in details.
 */
export function detailsText(details: Record<string, unknown> | null): string {
  if (!details) return '';
  return Object.entries(details)
    .filter(([, value]) => value !== null && value !== undefined && value !== '')
    .map(([key, value]) => `${key}: ${typeof value === 'object' ? JSON.stringify(value) : String(value)}`)
    .join(' · ');
}
