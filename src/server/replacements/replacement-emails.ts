import { eq, inArray } from 'drizzle-orm';
import type { Config } from '../config';
import { panels, replacementRequests } from '../db/schema';
import { type EmailContent, renderEmail } from '../mail/templates';
import { enqueueEmails, type TxOrDb } from '../outbox/enqueue';
import { orderRecipients } from '../outbox/workspace-recipients';

/**
 * The panel-replaced e-mail: which panel was replaced and where to see the new one. Never a
 * credential (the password is shown only on the dashboard, to its owner). Both decisions on a
 * replacement request are class `account`, sent whatever 'Order Updates' says: they answer a
 * request the customer made, not news about an order (docs/decisions/0008).
 */
export function panelReplacedMessage(
  config: Config,
  request: { orderId: number; panelEmail: string },
): EmailContent {
  return renderEmail({
    emailClass: 'account',
    brandName: config.brand.name,
    subject: 'Your admin panel was replaced',
    heading: 'Your replacement panel is ready',
    paragraphs: [
      `As you asked, we replaced the admin panel ${request.panelEmail} of order ${request.orderId}; it no longer works.`,
      'The new panel is active now. Sign in to your dashboard to see its credentials.',
    ],
    action: { label: 'See your new panel', url: `${config.publicUrl}/dashboard` },
  });
}

/** The answer to a rejected report: the admin's reason, and where the panel stays listed. */
export function replacementRejectedMessage(
  config: Config,
  request: { orderId: number; panelEmail: string; reason: string },
): EmailContent {
  return renderEmail({
    emailClass: 'account',
    brandName: config.brand.name,
    subject: 'Your panel replacement request was declined',
    heading: 'We did not replace your panel',
    paragraphs: [
      `We looked at your report on the admin panel ${request.panelEmail} of order ${request.orderId} and did not replace it. Our reason: ${request.reason}`,
      'The panel stays on your dashboard. If it still does not work, you can report it again a day after your first report, or write to us through the contact page.',
    ],
    action: { label: 'Open your dashboard', url: `${config.publicUrl}/dashboard` },
  });
}

/**
 * The reported panel and the rejection's reason of each request, once for each address its
 * order's panel news goes to (outbox/workspace-recipients.ts).
 */
async function requestsWithRecipient(tx: TxOrDb, requestIds: number[]) {
  const rows = await tx
    .select({ request: replacementRequests, panelEmail: panels.email })
    .from(replacementRequests)
    .innerJoin(panels, eq(panels.id, replacementRequests.panelId))
    .where(inArray(replacementRequests.id, requestIds));
  const to = await orderRecipients(
    tx,
    rows.map((r) => r.request.orderId),
    'panels',
  );
  return rows.flatMap((row) => (to.get(row.request.orderId) ?? []).map((email) => ({ ...row, email })));
}

/** Queues the rejection's e-mail in the transaction that decided it. */
export async function enqueueRequestRejected(tx: TxOrDb, config: Config, requestId: number) {
  const rows = await requestsWithRecipient(tx, [requestId]);
  await enqueueEmails(
    tx,
    rows.map(({ request, panelEmail, email }) => ({
      to: email,
      ...replacementRejectedMessage(config, {
        orderId: request.orderId,
        panelEmail,
        reason: request.rejectionReason ?? '',
      }),
    })),
  );
}

/** Queues the e-mail of each replaced request, in the allocation's transaction. */
export async function enqueuePanelsReplaced(tx: TxOrDb, config: Config, requestIds: number[]) {
  if (requestIds.length === 0) return;
  const rows = await requestsWithRecipient(tx, requestIds);
  await enqueueEmails(
    tx,
    rows.map(({ request, panelEmail, email }) => ({
      to: email,
      ...panelReplacedMessage(config, { orderId: request.orderId, panelEmail }),
    })),
  );
}
