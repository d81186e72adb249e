import { randomBytes } from 'node:crypto';
import { and, count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createPanelCipher } from '../crypto/panel-password';
import { orders, panels, payments, user } from '../db/schema';
import { testDatabaseForSuite } from '../testing/test-database';
import { DEMO_ACCOUNTS } from './demo-accounts';
import { DEMO_INVENTORY_SIZE, seedDemoData } from './seed';

const database = testDatabaseForSuite();
const cipher = createPanelCipher(randomBytes(32).toString('hex'));

describe('demo seed', () => {
  it('runs once, stores panel passwords encrypted, and a second run adds nothing', async () => {
    expect(await seedDemoData(database.db, cipher)).toBe(true);
    expect(await seedDemoData(database.db, cipher)).toBe(false);
    const [row] = await database.db.select({ n: count() }).from(panels);
    expect(row?.n).toBe(DEMO_INVENTORY_SIZE);
    const [panel] = await database.db.select().from(panels).where(eq(panels.status, 'available')).limit(1);
    expect(panel?.password.startsWith('v1.')).toBe(true);
    expect(cipher.decrypt(panel!.password)).toMatch(/^Pnl-/);
    expect(panel?.domains).toBe(699);
    expect(panel?.maxMailboxes).toBe(2000);

    const users = await database.db
      .select({ email: user.email, role: user.role, verified: user.emailVerified })
      .from(user);
    expect(users).toEqual(
      expect.arrayContaining([
        { email: DEMO_ACCOUNTS.admin.email, role: 'admin', verified: true },
        { email: DEMO_ACCOUNTS.customer.email, role: 'user', verified: true },
      ]),
    );
    expect(users).toHaveLength(2);

    // D3: the demo customer's three completed orders of 5, 3 and 12 panels, delivered.
    const customer = await database.db
      .select()
      .from(user)
      .where(eq(user.email, DEMO_ACCOUNTS.customer.email));
    const demoOrders = await database.db
      .select()
      .from(orders)
      .where(eq(orders.userId, customer[0]!.id))
      .orderBy(orders.id);
    expect(demoOrders.map((o) => [o.quantity, o.status])).toEqual([
      [5, 'completed'],
      [3, 'completed'],
      [12, 'completed'],
    ]);
    const owned = await database.db
      .select({ n: count() })
      .from(panels)
      .where(and(eq(panels.soldTo, customer[0]!.id), eq(panels.status, 'sold')));
    expect(owned[0]?.n).toBe(20);
    expect(await database.db.select().from(payments)).toHaveLength(3);
  });
});
