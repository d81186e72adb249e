import { z } from 'zod';
import { EMAIL_CLASSES } from '../../email-preferences';
import { OUTBOX_KINDS } from '../../status';

// The console's System view: how the background work is doing, read by an operator when
// something did not arrive. Sweeps are as this server process saw them (each instance keeps
// its own, src/server/jobs/sweep-status.ts); the queues are read from the database.

const timestamp = z.string().describe('ISO 8601, UTC');

/** At most this many given-up e-mails are listed, newest first; the total says if there are more. */
export const GIVEN_UP_EMAILS_LIMIT = 50;
/** At most this many failing webhook endpoints are listed, failing longest first. */
export const FAILING_WEBHOOKS_LIMIT = 50;

export const systemSweepSchema = z.object({
  name: z.string(),
  /** Null when the sweep's timer does not run in this process. */
  everyMs: z.number().int().nullable(),
  lastRunAt: timestamp.nullable(),
  /** Whether the last round ended without error; null before the first round. */
  lastRunOk: z.boolean().nullable(),
  lastSuccessAt: timestamp.nullable(),
  /** The timer's next tick here; a kick after new work may run it sooner. */
  nextRunAt: timestamp.nullable(),
  /** What the last round handled (messages, orders...), when the sweep counts them. */
  lastItems: z.number().int().nullable(),
  lastError: z.string().nullable(),
  lastFailureAt: timestamp.nullable(),
  /** Rounds that failed since this process started. */
  failures: z.number().int(),
});
export type SystemSweep = z.infer<typeof systemSweepSchema>;

export const SYSTEM_QUEUE_KINDS = [...OUTBOX_KINDS, 'webhook'] as const;

export const outboxQueueSchema = z.object({
  kind: z.enum(SYSTEM_QUEUE_KINDS),
  pending: z.number().int(),
  /** When the oldest message still waiting was queued; null when none waits. */
  oldestPendingAt: timestamp.nullable(),
  /** Its age by the database's clock, so a browser's wrong clock does not show it wrong. */
  oldestPendingSeconds: z.number().nullable(),
  givenUp: z.number().int(),
});
export type OutboxQueue = z.infer<typeof outboxQueueSchema>;

export const failingWebhookSchema = z.object({
  id: z.number().int(),
  customerEmail: z.string(),
  /** The URL's host only: its path and query may carry the receiver's token. */
  host: z.string(),
  /** The first failure of the current run of failures. */
  failingSince: timestamp.nullable(),
  /** Turned off after 3 days of failures; null while still tried. */
  disabledAt: timestamp.nullable(),
  /** Messages waiting for this endpoint. */
  waiting: z.number().int(),
});
export type FailingWebhook = z.infer<typeof failingWebhookSchema>;

export const givenUpEmailSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  /** The subject line, or what the message is for a document e-mail ('Invoice'). */
  subject: z.string(),
  emailClass: z.enum(EMAIL_CLASSES).nullable(),
  lastError: z.string().nullable(),
  attempts: z.number().int(),
  queuedAt: timestamp,
  givenUpAt: timestamp,
  /** False for a message past its use (a sign-in code): it is never sent late. */
  retryable: z.boolean(),
});
export type GivenUpEmail = z.infer<typeof givenUpEmailSchema>;

export const systemStatusSchema = z.object({
  /** When this server process started: its sweep figures cover the time since. */
  processStartedAt: timestamp,
  /** False on a web-only process (ROLE=web): the sweeps run on the workers, and none is listed. */
  runsSweeps: z.boolean(),
  sweeps: z.array(systemSweepSchema),
  outbox: z.array(outboxQueueSchema),
  failingWebhooks: z.array(failingWebhookSchema),
  givenUpEmails: z.array(givenUpEmailSchema),
  /** Every given-up e-mail, listed or not. */
  givenUpEmailsTotal: z.number().int(),
});
export type SystemStatus = z.infer<typeof systemStatusSchema>;

export const emailRetriedSchema = z.object({ id: z.number().int(), to: z.string() });
