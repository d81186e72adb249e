import { randomBytes } from 'node:crypto';
import { DEFAULT_DOMAINS, USERS_PER_PANEL } from '../../domain/constants';
import { createUserWithPassword } from '../account/users';
import type { PanelCipher } from '../crypto/panel-password';
import type { Database } from './client';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { adminPanelInventory, appMeta } from './schema';

export const DEMO_SEED_KEY = 'demo_seeded_at';
export const DEMO_INVENTORY_SIZE = 120;

function demoPanelPassword(): string {
  return `Pnl-${randomBytes(9).toString('base64url')}`;
}

/**
 * Seeds the demo data once per database: the demo admin and customer (D2) and stock. The marker row is written in the same
 * transaction, so a second start (or a second instance starting at the same time)
 * finds it and seeds nothing.
 */
export async function seedDemoData(db: Database, cipher: PanelCipher): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(appMeta)
      .values({ key: DEMO_SEED_KEY, value: new Date().toISOString() })
      .onConflictDoNothing()
      .returning({ key: appMeta.key });
    if (claimed.length === 0) return false;

    const panels = Array.from({ length: DEMO_INVENTORY_SIZE }, (_, i) => ({
      email: `admin${String(i + 1).padStart(4, '0')}@panels.panelhub-demo.example`,
      password: cipher.encrypt(demoPanelPassword()),
      domains: DEFAULT_DOMAINS,
      maxMailboxes: USERS_PER_PANEL,
    }));
    await tx.insert(adminPanelInventory).values(panels);
    for (const who of [
      { ...DEMO_ACCOUNTS.admin, role: 'admin' as const },
      { ...DEMO_ACCOUNTS.customer, role: 'user' as const },
    ]) {
      await createUserWithPassword(tx, { ...who, password: DEMO_ACCOUNTS.password, emailVerified: true });
    }
    return true;
  });
}
