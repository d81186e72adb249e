import type { adminPanelsApi } from '../../../domain/api/admin/endpoints';
import type { myPanelsApi } from '../../../domain/api/endpoints';
import { call } from '../call';

/** The two reveal endpoints: the customer's own panels, and the admin's any panels. */
type RevealEndpoint = typeof myPanelsApi.reveal | typeof adminPanelsApi.reveal;

/**
 * Decrypts panel passwords through a reveal endpoint, `batchSize` ids per call (the most the
 * endpoint takes). The server writes each call to the audit log (D7), with `purpose` saying why.
 */
export async function revealInBatches(
  endpoint: RevealEndpoint,
  batchSize: number,
  ids: readonly number[],
  purpose: 'reveal' | 'export',
): Promise<Map<number, string>> {
  const revealed = new Map<number, string>();
  for (let start = 0; start < ids.length; start += batchSize) {
    const body = { ids: ids.slice(start, start + batchSize), purpose };
    const { passwords } = await call(endpoint, { body });
    for (const { id, password } of passwords) revealed.set(id, password);
  }
  return revealed;
}
