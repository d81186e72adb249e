import { inArray, sql } from 'drizzle-orm';
import { recordActorAudit } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import type { PanelCipher } from '../../crypto/panel-password';
import type { Database } from '../../db/client';
import { panels } from '../../db/schema';
import type { FilledOrder } from '../../provisioning/fulfillment';
import type { FulfillmentRunner } from '../../provisioning/fulfillment-runner';
import { readInventoryCsv } from './csv-file';
import { type Candidate, type Rejection, validateRecords } from './validate';

/** Rows per INSERT: well under PostgreSQL's 65,535 parameters per statement. */
const CHUNK = 1000;

export interface ImportReport {
  accepted: number;
  rejected: Rejection[];
  /** Waiting orders that took panels from this import (D7). */
  filledOrders: FilledOrder[];
}

const inStockReason = (id: number | undefined) =>
  `Duplicate e-mail: already in stock${id === undefined ? '' : ` (panel #${id})`}.`;

async function panelIdsByEmail(db: Pick<Database, 'select'>, emails: string[]) {
  const found = new Map<string, number>();
  for (let i = 0; i < emails.length; i += CHUNK) {
    const rows = await db
      .select({ id: panels.id, email: sql<string>`lower(${panels.email})` })
      .from(panels)
      .where(inArray(sql`lower(${panels.email})`, emails.slice(i, i + CHUNK)));
    for (const row of rows) found.set(row.email, row.id);
  }
  return found;
}

interface Deps {
  db: Database;
  cipher: PanelCipher;
  fulfillment: FulfillmentRunner;
  now: () => Date;
}

/**
 * CSV inventory import (D11): a per-row report of what went in and why the rest did not.
 * The accepted rows go in together in one transaction; then waiting orders are filled from
 * the new stock, oldest first, and their customers e-mailed by the fulfillment runner (D7).
 */
export function createImportService({ db, cipher, fulfillment, now }: Deps) {
  return {
    async importCsv(text: string, actor: Actor): Promise<ImportReport> {
      const file = readInventoryCsv(text);
      const { candidates, rejected } = validateRecords(file);

      const inStock = await panelIdsByEmail(
        db,
        candidates.map((c) => c.email),
      );
      const fresh: Candidate[] = [];
      for (const c of candidates) {
        if (inStock.has(c.email))
          rejected.push({ line: c.line, email: c.written, reason: inStockReason(inStock.get(c.email)) });
        else fresh.push(c);
      }

      const at = now();
      const accepted = await db.transaction(async (tx) => {
        const inserted = new Set<string>();
        for (let i = 0; i < fresh.length; i += CHUNK) {
          const rows = await tx
            .insert(panels)
            .values(
              fresh.slice(i, i + CHUNK).map((c) => ({
                email: c.email,
                password: cipher.encrypt(c.password),
                domains: c.domains,
                maxMailboxes: c.maxMailboxes,
                createdAt: at,
                updatedAt: at,
              })),
            )
            // Another admin may add one of these e-mails while this file is read: that row
            // is reported as a duplicate instead of failing the whole import.
            .onConflictDoNothing()
            .returning({ email: panels.email });
          for (const row of rows) inserted.add(row.email);
        }
        for (const c of fresh) {
          if (!inserted.has(c.email))
            rejected.push({ line: c.line, email: c.written, reason: inStockReason(undefined) });
        }
        await recordActorAudit(tx, actor, {
          action: 'inventory.imported',
          targetType: 'panel',
          details: { accepted: inserted.size, rejected: rejected.length, rows: file.records.length },
        });
        return inserted.size;
      });

      rejected.sort((a, b) => a.line - b.line);
      const filledOrders = accepted > 0 ? await fulfillment.run() : [];
      return { accepted, rejected, filledOrders };
    },
  };
}
