import { revealedPasswordsSchema } from '../../../domain/api/panels';
import { api } from '../api';

/**
 * Decrypts panel passwords through a reveal endpoint, `batchSize` ids per call (the most the
 * endpoint takes). The server writes each call to the audit log (D7), with `purpose` saying why.
 */
export async function revealInBatches(
  path: string,
  batchSize: number,
  ids: readonly number[],
  purpose: 'reveal' | 'export',
): Promise<Map<number, string>> {
  const revealed = new Map<number, string>();
  for (let start = 0; start < ids.length; start += batchSize) {
    const body = { ids: ids.slice(start, start + batchSize), purpose };
    const { passwords } = await api(path, { body, schema: revealedPasswordsSchema });
    for (const { id, password } of passwords) revealed.set(id, password);
  }
  return revealed;
}
