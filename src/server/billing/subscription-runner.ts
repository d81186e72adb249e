import { inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { user } from '../db/schema';
import { createPeriodicSweep } from '../jobs/periodic';
import type { Mailer } from '../mail/send-email';
import { expiredMessage, pastDueMessage, renewalMessage } from './emails';
import { runSubscriptionSweep, type SweepChange } from './subscriptions';

interface Deps {
  config: Config;
  db: Database;
  mailer: Mailer;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  now: () => Date;
}

/** Runs the renewal/expiry sweep on a timer and mails the customers it affects. */
export function createSubscriptionRunner({ config, db, mailer, log, now }: Deps) {
  async function notify(changes: SweepChange[]) {
    const ids = [...new Set(changes.map((c) => c.userId).filter((id): id is string => id !== null))];
    if (ids.length === 0) return;
    const emails = new Map(
      (await db.select({ id: user.id, email: user.email }).from(user).where(inArray(user.id, ids))).map(
        (u) => [u.id, u.email],
      ),
    );
    for (const change of changes) {
      const to = change.userId ? emails.get(change.userId) : undefined;
      if (!to) continue;
      const content =
        change.kind === 'renewed'
          ? renewalMessage(config, change.orderId, change.amountCents ?? 0, change.periodEnd ?? now())
          : change.kind === 'past_due'
            ? pastDueMessage(config, change.orderId)
            : expiredMessage(config, change.orderId);
      await mailer
        .sendEmail({ to, ...content })
        .catch((err: unknown) =>
          log.error({ err, orderId: change.orderId }, 'could not send a subscription email'),
        );
    }
  }

  return createPeriodicSweep(
    'subscription sweep',
    async () => {
      const changes = await runSubscriptionSweep(db, now());
      await notify(changes);
      if (changes.length > 0) log.info({ changes: changes.length }, 'subscription sweep');
      return changes;
    },
    log,
  );
}

export type SubscriptionRunner = ReturnType<typeof createSubscriptionRunner>;
