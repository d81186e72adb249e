import { z } from 'zod';
import type { Database } from '../db/client';
import { outboxMessages } from '../db/schema';
import type { EmailMessage } from '../mail/send-email';

/** A transaction or the database itself (a message that reports no other change). */
export type TxOrDb = Database | Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * What an 'email' row holds: the message as the transport takes it, plus the demo-mode log
 * hint. Checked again when a sweep reads it back: the column is jsonb, not a type.
 */
export const emailPayloadSchema = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  replyTo: z.string().optional(),
  demoHint: z.string().optional(),
});
export type EmailPayload = z.infer<typeof emailPayloadSchema>;

/**
 * Queues an e-mail. Pass the transaction of the change the message reports, so that the
 * message exists if and only if the change committed; the outbox sweep sends it (see
 * docs/decisions/0007-durable-outbox.md). Call the runner's kick() after the commit so it
 * goes out at once rather than at the next tick.
 */
export async function enqueueEmail(
  db: TxOrDb,
  message: EmailMessage,
  options: { demoHint?: string } = {},
): Promise<number> {
  const [id] = await enqueueEmails(db, [{ ...message, ...options }]);
  if (id === undefined) throw new Error('outbox insert returned nothing');
  return id;
}

/** Several e-mails in one statement (a sweep that completes many orders at once). */
export async function enqueueEmails(
  db: TxOrDb,
  messages: (EmailMessage & { demoHint?: string })[],
): Promise<number[]> {
  if (messages.length === 0) return [];
  const rows = await db
    .insert(outboxMessages)
    .values(messages.map((m) => ({ kind: 'email' as const, payload: emailPayloadSchema.parse(m) })))
    .returning({ id: outboxMessages.id });
  return rows.map((r) => r.id);
}
