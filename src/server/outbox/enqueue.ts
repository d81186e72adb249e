import { and, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';
import { savedSettings, type UserSettings } from '../../domain/account-schemas';
import { ALERT_KINDS, type AlertKind, EMAIL_CLASSES, type EmailClass } from '../../domain/email-preferences';
import type { Database, Tx } from '../db/client';
import { operatorAlertOptouts, outboxMessages, user, userSettings } from '../db/schema';
import type { EmailMessage } from '../mail/send-email';

/** A transaction or the database itself (a message that reports no other change). */
export type TxOrDb = Database | Tx;

/**
 * What an 'email' row holds: the message as the transport takes it, the demo-mode log hint,
 * and what the sweep needs for the preference line (class, recipient, alert kind). Checked
 * again when a sweep reads it back: the column is jsonb, not a type. Rows queued before
 * messages had a class carry none and go out without the line.
 */
export const emailPayloadSchema = z.object({
  to: z.string().min(1),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  replyTo: z.string().optional(),
  demoHint: z.string().optional(),
  emailClass: z.enum(EMAIL_CLASSES).optional(),
  userId: z.string().optional(),
  alert: z.enum(ALERT_KINDS).optional(),
});
export type EmailPayload = z.infer<typeof emailPayloadSchema>;

/** A message to queue: every one has a class (docs/decisions/0008-email-classes-and-operator-alerts.md). */
export interface OutgoingEmail extends EmailMessage {
  emailClass: EmailClass;
  /** An operator alert: the kind its admin may have turned off. */
  alert?: AlertKind;
}

export interface EnqueueOptions {
  /** Logged beside the .eml file in demo mode (the sign-in code), never otherwise. */
  demoHint?: string;
  /** Past this moment the message is useless (a sign-in code): marked dead instead of sent late. */
  expiresAt?: Date;
  /**
   * Held this long (by the database's clock) before it may go out; releaseEmail() may
   * replace the message and send it sooner.
   */
  holdMs?: number;
}

interface Recipient extends UserSettings {
  id: string;
  optedOut: Set<AlertKind>;
}

/** Whether a class needs to know who the recipient is (their preferences, their link). */
const personal = (m: OutgoingEmail) =>
  m.emailClass !== 'account' && !(m.emailClass === 'operator' && !m.alert);

/** The accounts behind the addresses, with their preferences; defaults where none are saved. */
async function recipientsOf(db: TxOrDb, messages: OutgoingEmail[]): Promise<Map<string, Recipient>> {
  const addresses = [...new Set(messages.filter(personal).flatMap((m) => [m.to, m.to.toLowerCase()]))];
  const found = new Map<string, Recipient>();
  if (addresses.length === 0) return found;
  const rows = await db
    .select({ id: user.id, email: user.email, settings: userSettings })
    .from(user)
    .leftJoin(userSettings, eq(userSettings.userId, user.id))
    .where(inArray(user.email, addresses));
  const alerted = rows.length > 0 && messages.some((m) => m.alert);
  const optouts = alerted
    ? await db
        .select({ userId: operatorAlertOptouts.userId, kind: operatorAlertOptouts.kind })
        .from(operatorAlertOptouts)
        .where(
          inArray(
            operatorAlertOptouts.userId,
            rows.map((r) => r.id),
          ),
        )
    : [];
  for (const row of rows) {
    found.set(row.email.toLowerCase(), {
      id: row.id,
      ...savedSettings(row.settings),
      optedOut: new Set(optouts.filter((o) => o.userId === row.id).map((o) => o.kind)),
    });
  }
  return found;
}

/**
 * Whether the recipient wants the message: account mail always goes; order and marketing
 * mail follow their own toggle and the 'Email Notifications' master switch; an operator
 * alert goes unless its admin turned that kind off. Marketing and alerts need a known
 * account that said yes; an order message to an address with no account is sent.
 */
function wanted(m: OutgoingEmail, to: Recipient | undefined): boolean {
  switch (m.emailClass) {
    case 'account':
      return true;
    case 'order':
      return !to || (to.emailNotifications && to.orderUpdates);
    case 'marketing':
      return !!to && to.emailNotifications && to.marketingEmails;
    case 'operator':
      return !m.alert || (!!to && !to.optedOut.has(m.alert));
  }
}

/**
 * Queues e-mails, the one way product code sends mail. Pass the transaction of the change
 * the message reports, so that the message exists if and only if the change committed; the
 * outbox sweep sends it (docs/decisions/0007-durable-outbox.md). The recipient's preferences
 * are checked here, as the row is written: a message they turned off is not queued at all.
 * Call the runner's kick() after the commit so it goes out at once rather than at the next
 * tick. Returns the ids of the rows written.
 */
export async function enqueueEmails(
  db: TxOrDb,
  messages: (OutgoingEmail & EnqueueOptions)[],
): Promise<number[]> {
  if (messages.length === 0) return [];
  const recipients = await recipientsOf(db, messages);
  const rows = messages.flatMap((m) => {
    const to = personal(m) ? recipients.get(m.to.toLowerCase()) : undefined;
    if (!wanted(m, to)) return [];
    const { expiresAt, holdMs, ...message } = m;
    const payload = emailPayloadSchema.parse({ ...message, ...(to ? { userId: to.id } : {}) });
    return [
      {
        kind: 'email' as const,
        payload,
        ...(expiresAt ? { expiresAt } : {}),
        ...(holdMs ? { nextAttemptAt: sql`now() + (${holdMs} * interval '1 millisecond')` } : {}),
      },
    ];
  });
  if (rows.length === 0) return [];
  const written = await db.insert(outboxMessages).values(rows).returning({ id: outboxMessages.id });
  return written.map((r) => r.id);
}

/** One e-mail; null when the recipient's preferences turned it off. */
export async function enqueueEmail(
  db: TxOrDb,
  message: OutgoingEmail,
  options: EnqueueOptions = {},
): Promise<number | null> {
  const [id] = await enqueueEmails(db, [{ ...message, ...options }]);
  return id ?? null;
}

/**
 * Replaces a held message (enqueued with `holdMs`) and makes it due now. False when the
 * hold ran out first and a sweep took the message as it was: that version is what went out.
 * For account mail, whose recipient may be gone by now (the account deletion notice).
 */
export async function releaseEmail(
  db: TxOrDb,
  id: number,
  message: OutgoingEmail & { emailClass: 'account' },
): Promise<boolean> {
  const released = await db
    .update(outboxMessages)
    .set({ payload: emailPayloadSchema.parse(message), nextAttemptAt: sql`now()` })
    .where(
      and(eq(outboxMessages.id, id), eq(outboxMessages.status, 'pending'), eq(outboxMessages.attempts, 0)),
    )
    .returning({ id: outboxMessages.id });
  return released.length > 0;
}
