import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import type { PanelStatus } from '../../domain/status';
import { createPanelCipher } from '../crypto/panel-password';
import type { Database } from '../db/client';
import { panels } from '../db/schema';

/**
 * Adds `count` available panels with encrypted passwords, as the admin import would.
 * Pass the app's panel key when a test reads the passwords back.
 */
export async function addStock(
  db: Database,
  count: number,
  options: { prefix?: string; key?: string } = {},
): Promise<void> {
  const prefix = options.prefix ?? 'stock';
  const cipher = createPanelCipher(options.key ?? randomBytes(32).toString('hex'));
  const tag = randomBytes(3).toString('hex');
  const rows = Array.from({ length: count }, (_, i) => ({
    email: `${prefix}-${tag}-${i}@panels.example`,
    password: cipher.encrypt(`pw-${i}`),
  }));
  for (let i = 0; i < rows.length; i += 500) await db.insert(panels).values(rows.slice(i, i + 500));
}

/** The panel rows of an order, oldest first: all of them, or those in `status`. */
export function panelsOfOrder(db: Database, orderId: number, status?: PanelStatus) {
  return db
    .select()
    .from(panels)
    .where(and(eq(panels.orderId, orderId), status && eq(panels.status, status)))
    .orderBy(asc(panels.id));
}
