import { eq, inArray } from 'drizzle-orm';
import type { Config } from '../config';
import { panels, replacementRequests, user } from '../db/schema';
import { type EmailContent, renderEmail } from '../mail/templates';
import { enqueueEmails, type TxOrDb } from '../outbox/enqueue';

/**
 * The panel-replaced e-mail: which panel was replaced and where to see the new one. Never a
 * credential (the password is shown only on the dashboard, to its owner).
 */
export function panelReplacedMessage(
  config: Config,
  request: { orderId: number; oldPanelEmail: string },
): EmailContent {
  return renderEmail({
    emailClass: 'order',
    brandName: config.brand.name,
    subject: 'Your admin panel was replaced',
    heading: 'Your replacement panel is ready',
    paragraphs: [
      `As you asked, we replaced the admin panel ${request.oldPanelEmail} of order ${request.orderId}; it no longer works.`,
      'The new panel is active now. Sign in to your dashboard to see its credentials.',
    ],
    action: { label: 'See your new panel', url: `${config.publicUrl}/dashboard` },
  });
}

/** Queues the e-mail of each replaced request, in the allocation's transaction. */
export async function enqueuePanelsReplaced(tx: TxOrDb, config: Config, requestIds: number[]) {
  if (requestIds.length === 0) return;
  const rows = await tx
    .select({ orderId: replacementRequests.orderId, oldPanelEmail: panels.email, email: user.email })
    .from(replacementRequests)
    .innerJoin(panels, eq(panels.id, replacementRequests.panelId))
    .innerJoin(user, eq(user.id, replacementRequests.userId))
    .where(inArray(replacementRequests.id, requestIds));
  await enqueueEmails(
    tx,
    rows.map((row) => ({ to: row.email, ...panelReplacedMessage(config, row) })),
  );
}
