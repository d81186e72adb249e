import { eq, inArray, sql } from 'drizzle-orm';
import type { NewPanel } from '../../../domain/api/admin/panel-input';
import { recordActorAudit } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import type { PanelCipher } from '../../crypto/panel-password';
import type { Database } from '../../db/client';
import { panels } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import { releaseToStockTx } from '../../lifecycle/panel-moves';
import type { FilledOrder } from '../../provisioning/fulfillment';
import type { FulfillmentRunner } from '../../provisioning/fulfillment-runner';

interface Deps {
  db: Database;
  cipher: PanelCipher;
  fulfillment: FulfillmentRunner;
  now: () => Date;
}

export interface StockChange {
  panelId: number;
  /** Waiting orders that took panels from this change (D7: filled without anyone clicking). */
  filledOrders: FilledOrder[];
}

export async function findPanelIdByEmail(db: Pick<Database, 'select'>, email: string) {
  const [row] = await db
    .select({ id: panels.id })
    .from(panels)
    .where(sql`lower(${panels.email}) = ${email.toLowerCase()}`);
  return row?.id ?? null;
}

/** Adding one panel, restocking a retired one and revealing passwords (D7, D11). */
export function createInventoryService({ db, cipher, fulfillment, now }: Deps) {
  return {
    async add(input: NewPanel, actor: Actor): Promise<StockChange> {
      const at = now();
      const panelId = await db.transaction(async (tx) => {
        // ON CONFLICT rather than a prior look-up: two admins adding the same e-mail at
        // once both get a clear answer instead of one of them a unique-violation error.
        const [row] = await tx
          .insert(panels)
          .values({
            email: input.email,
            password: cipher.encrypt(input.password),
            domains: input.domains,
            maxMailboxes: input.maxMailboxes,
            createdAt: at,
            updatedAt: at,
          })
          .onConflictDoNothing()
          .returning({ id: panels.id });
        if (!row) {
          const existing = await findPanelIdByEmail(tx, input.email);
          throw conflict(
            `A panel with the e-mail ${input.email} is already in stock${existing ? ` (panel #${existing})` : ''}.`,
            'duplicate_email',
          );
        }
        await recordActorAudit(tx, actor, {
          action: 'inventory.added',
          targetType: 'panel',
          targetId: row.id,
          details: { email: input.email, domains: input.domains, maxMailboxes: input.maxMailboxes },
        });
        return row.id;
      });
      return { panelId, filledOrders: await fulfillment.run() };
    },

    /**
     * A retired panel (cancelled or refunded, D8) goes back to stock only with new
     * credentials: its previous owner knew the old password.
     */
    async restock(panelId: number, password: string, actor: Actor): Promise<StockChange> {
      const at = now();
      await db.transaction(async (tx) => {
        const [panel] = await tx.select().from(panels).where(eq(panels.id, panelId)).for('update');
        if (!panel) throw notFound('No such panel.');
        if (panel.status !== 'retired') {
          throw conflict(
            `Only retired panels can be restocked; panel #${panelId} is ${panel.status}.`,
            'not_retired',
          );
        }
        await releaseToStockTx(tx, panel, at);
        await tx
          .update(panels)
          .set({
            password: cipher.encrypt(password),
            status: 'available',
            soldTo: null,
            orderId: null,
            purchaseDate: null,
            currentMailboxes: 0,
            retiredReason: null,
            updatedAt: at,
          })
          .where(eq(panels.id, panelId));
        await recordActorAudit(tx, actor, {
          action: 'inventory.restocked',
          targetType: 'panel',
          targetId: panelId,
          details: { previousOrderId: panel.orderId, previousOwnerId: panel.soldTo },
        });
      });
      return { panelId, filledOrders: await fulfillment.run() };
    },

    /** Clear passwords for display or a selection export; each call is audit-logged (D7). */
    async reveal(ids: number[], purpose: 'reveal' | 'export', actor: Actor) {
      const unique = [...new Set(ids)];
      const rows = await db
        .select({ id: panels.id, password: panels.password })
        .from(panels)
        .where(inArray(panels.id, unique))
        .orderBy(panels.id);
      const passwords = rows.map((r) => ({ id: r.id, password: cipher.decrypt(r.password) }));
      await recordActorAudit(db, actor, {
        action: purpose === 'export' ? 'panels.exported' : 'panels.revealed',
        targetType: 'panel',
        details: { ids: passwords.map((p) => p.id), scope: 'selection' },
      });
      return passwords;
    },
  };
}
