import { type EmailContent, renderEmail } from '../mail/templates';
import { enqueueEmails, type TxOrDb } from '../outbox/enqueue';
import { workspaceRecipients } from '../outbox/workspace-recipients';

export interface MailSite {
  brandName: string;
  publicUrl: string;
}

/**
 * Only the scheme, host and port: the path or query may hold the customer's token, and
 * mail passes through more hands than the settings page (docs/decisions/0012-webhooks.md).
 */
function shownUrl(url: string): string {
  try {
    return `${new URL(url).origin}/...`;
  } catch {
    return 'an invalid URL';
  }
}

/** What an endpoint's owner is told when it is turned off, and how to turn it back on. */
export function endpointDisabledMessage(
  site: MailSite,
  endpoint: { id: number; url: string; since: Date },
): EmailContent {
  return renderEmail({
    emailClass: 'account',
    brandName: site.brandName,
    subject: `Webhook endpoint ${endpoint.id} was turned off`,
    heading: 'We turned off one of your webhook endpoints',
    paragraphs: [
      `Every delivery to your webhook endpoint ${endpoint.id} (${shownUrl(endpoint.url)}) has failed since ${endpoint.since.toISOString().slice(0, 16).replace('T', ' ')} UTC, so we stopped sending to it. Events that were still waiting for it will not be sent.`,
      'To turn it back on, fix the receiver, then delete the endpoint in Settings and add it again with the same URL and events. The new endpoint gets a new signing secret; send it a test event from Settings before relying on it.',
    ],
    action: { label: 'Open settings', url: `${site.publicUrl}/settings` },
  });
}

/**
 * Tells the endpoint's workspace (its owner and admins, who manage integrations) it was turned
 * off, in the transaction that turns it off, so the notice goes exactly when the endpoint was
 * disabled (docs/decisions/0007-durable-outbox.md). Account mail: it concerns a setting of
 * theirs, not an order, so no preference stops it.
 */
export async function enqueueDisabledNotice(
  tx: TxOrDb,
  site: MailSite,
  workspaceId: string,
  endpoint: { id: number; url: string; since: Date },
): Promise<void> {
  const to = await workspaceRecipients(tx, workspaceId, 'integrations');
  const content = endpointDisabledMessage(site, endpoint);
  await enqueueEmails(
    tx,
    to.map((r) => ({ to: r.email, ...content })),
  );
}
