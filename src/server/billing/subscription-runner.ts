import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { user } from '../db/schema';
import { createPeriodicSweep } from '../jobs/periodic';
import { enqueueEmails, type TxOrDb } from '../outbox/enqueue';
import type { OutboxRunner } from '../outbox/runner';
import { expiredMessage, pastDueMessage, renewalMessage } from './emails';
import { runSubscriptionSweep, type SweepChange } from './subscriptions';

interface Deps {
  config: Config;
  db: Database;
  outbox: Pick<OutboxRunner, 'kick'>;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  now: () => Date;
}

/**
 * Runs the renewal/expiry sweep on a timer; the customers it affects are mailed through
 * the outbox, queued in the sweep's own transaction.
 */
export function createSubscriptionRunner({ config, db, outbox, log, now }: Deps) {
  async function notify(tx: TxOrDb, changes: SweepChange[], at: Date) {
    const ids = [...new Set(changes.map((c) => c.userId).filter((id): id is string => id !== null))];
    if (ids.length === 0) return;
    const emails = new Map(
      (await tx.select({ id: user.id, email: user.email }).from(user).where(inArray(user.id, ids))).map(
        (u) => [u.id, u.email],
      ),
    );
    const messages = changes.flatMap((change) => {
      const to = change.userId ? emails.get(change.userId) : undefined;
      if (!to) return [];
      const content =
        change.kind === 'renewed'
          ? renewalMessage(config, change.orderId, change.amountCents ?? 0, change.periodEnd ?? at)
          : change.kind === 'past_due'
            ? pastDueMessage(config, change.orderId)
            : expiredMessage(config, change.orderId);
      return [{ to, ...content }];
    });
    await enqueueEmails(tx, messages);
  }

  return createPeriodicSweep(
    'subscription sweep',
    async () => {
      const at = now();
      const changes = await runSubscriptionSweep(db, at, {
        onChanges: (tx, changed) => notify(tx, changed, at),
      });
      if (changes.length > 0) {
        outbox.kick();
        log.info({ changes: changes.length }, 'subscription sweep');
      }
      return changes;
    },
    log,
  );
}

export type SubscriptionRunner = ReturnType<typeof createSubscriptionRunner>;
