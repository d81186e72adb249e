import { asc, eq, isNotNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  FAILING_WEBHOOKS_LIMIT,
  GIVEN_UP_EMAILS_LIMIT,
  SYSTEM_QUEUE_KINDS,
  type SystemStatus,
  type SystemSweep,
} from '../../../domain/api/admin/system';
import { EMAIL_CLASSES } from '../../../domain/email-preferences';
import { recordActorAudit } from '../../audit/audit';
import type { Actor } from '../../auth/actor';
import { type Database, rowsOf } from '../../db/client';
import { outboxMessages, user, webhookEndpoints, webhookMessages } from '../../db/schema';
import { conflict, notFound } from '../../http/errors';
import type { SweepSchedule, SweepState } from '../../jobs/sweep-status';
import { EXPIRED_ERROR, MAX_ATTEMPTS } from '../../outbox/delivery';
import { isoOrNull } from '../schemas';

/** The outbox kinds that are e-mails: the ones the System view lists and sends again. */
const EMAIL_KINDS = ['email', 'document_email'] as const;
const emailKinds = sql.raw(EMAIL_KINDS.map((kind) => `'${kind}'`).join(', '));

/**
 * The auth e-mails (sign-in codes, confirm and reset links) are the ones queued with an
 * expiry, and a sign-in code is in their subject: the screen names them without it.
 */
export const TIME_LIMITED_SUBJECT = 'Sign-in code or link (subject not shown)';

/** What the sweep status of this process knows; the screen says it is this process's view. */
export interface SweepReader {
  list(): SweepState[];
  schedules(): SweepSchedule[];
}

const at = (value: Date | string) => new Date(value).toISOString();

/** The timer's first tick after `now`: it fires every `everyMs` from `since` (jobs/periodic.ts). */
function nextTick(schedule: SweepSchedule, now: Date): Date {
  const first = schedule.firstRoundAt.getTime();
  if (now.getTime() < first) return schedule.firstRoundAt;
  return new Date(first + (Math.floor((now.getTime() - first) / schedule.everyMs) + 1) * schedule.everyMs);
}

/** Every sweep started or run in this process, by name, with its rounds and its timer. */
export function sweepsOf(reader: SweepReader, now: Date): SystemSweep[] {
  const rounds = new Map(reader.list().map((state) => [state.sweep, state]));
  const timers = new Map(reader.schedules().map((timer) => [timer.sweep, timer]));
  const names = [...new Set([...timers.keys(), ...rounds.keys()])].sort();
  return names.map((name) => {
    const state = rounds.get(name);
    const timer = timers.get(name);
    return {
      name,
      everyMs: timer?.everyMs ?? null,
      lastRunAt: isoOrNull(state?.lastStartedAt ?? null),
      lastRunOk: state?.lastOk ?? null,
      lastSuccessAt: isoOrNull(state?.lastSuccessAt ?? null),
      nextRunAt: timer ? nextTick(timer, now).toISOString() : null,
      lastItems: state?.lastItems ?? null,
      lastError: state?.lastError ?? null,
      lastFailureAt: isoOrNull(state?.lastFailureAt ?? null),
      failures: state?.failures ?? 0,
    };
  });
}

const queueRowSchema = z.object({
  kind: z.enum(SYSTEM_QUEUE_KINDS),
  pending: z.coerce.number(),
  oldest: z.union([z.date(), z.string()]).nullable(),
  oldest_seconds: z.coerce.number().nullable(),
  given_up: z.coerce.number(),
});

/** Each queue's waiting and given-up messages; every kind is listed, empty ones with zeros. */
async function outboxQueues(db: Database): Promise<SystemStatus['outbox']> {
  const rows = rowsOf<unknown>(
    await db.execute(sql`
      with queued as (
        select kind, status = 'pending' as waiting, status = 'dead' as dead, created_at
        from outbox_messages where status in ('pending', 'dead')
        union all
        select 'webhook', status in ('pending', 'failed'), status = 'dead', created_at
        from webhook_messages where status in ('pending', 'failed', 'dead'))
      select kind, count(*) filter (where waiting)::int as pending,
        min(created_at) filter (where waiting) as oldest,
        greatest(0, extract(epoch from now() - min(created_at) filter (where waiting)))::float8
          as oldest_seconds,
        count(*) filter (where dead)::int as given_up
      from queued group by kind`),
  ).map((row) => queueRowSchema.parse(row));
  return SYSTEM_QUEUE_KINDS.map((kind) => {
    const row = rows.find((r) => r.kind === kind);
    return {
      kind,
      pending: row?.pending ?? 0,
      oldestPendingAt: row?.oldest ? at(row.oldest) : null,
      oldestPendingSeconds: row?.oldest_seconds ?? null,
      givenUp: row?.given_up ?? 0,
    };
  });
}

/** The URL's host: its path and query may hold the receiver's own token. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return 'invalid URL';
  }
}

/** Endpoints failing now or turned off for it, failing longest first. */
async function failingWebhooks(db: Database): Promise<SystemStatus['failingWebhooks']> {
  const waiting = db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookMessages)
    .where(
      sql`${webhookMessages.endpointId} = ${webhookEndpoints.id} and ${webhookMessages.status} in ('pending', 'failed')`,
    );
  const rows = await db
    .select({
      id: webhookEndpoints.id,
      customerEmail: user.email,
      url: webhookEndpoints.url,
      failingSince: webhookEndpoints.failingSince,
      disabledAt: webhookEndpoints.disabledAt,
      waiting: sql<number>`(${waiting})`,
    })
    .from(webhookEndpoints)
    .innerJoin(user, eq(user.id, webhookEndpoints.userId))
    .where(or(isNotNull(webhookEndpoints.failingSince), isNotNull(webhookEndpoints.disabledAt)))
    .orderBy(
      asc(sql`coalesce(${webhookEndpoints.failingSince}, ${webhookEndpoints.disabledAt})`),
      asc(webhookEndpoints.id),
    )
    .limit(FAILING_WEBHOOKS_LIMIT);
  return rows.map(({ url, ...row }) => ({
    ...row,
    host: hostOf(url),
    failingSince: isoOrNull(row.failingSince),
    disabledAt: isoOrNull(row.disabledAt),
    waiting: Number(row.waiting),
  }));
}

const givenUpRowSchema = z.object({
  id: z.coerce.number(),
  kind: z.enum(EMAIL_KINDS),
  to: z.string().nullable(),
  subject: z.string().nullable(),
  email_class: z.string().nullable(),
  document_kind: z.string().nullable(),
  last_error: z.string().nullable(),
  attempts: z.coerce.number(),
  created_at: z.union([z.date(), z.string()]),
  given_up_at: z.union([z.date(), z.string()]),
  time_limited: z.boolean(),
  expired: z.boolean(),
});

const DOCUMENT_SUBJECTS: Record<string, string> = { invoice: 'Invoice', credit_note: 'Credit note' };

function subjectOf(row: z.infer<typeof givenUpRowSchema>): string {
  if (row.time_limited) return TIME_LIMITED_SUBJECT;
  if (row.kind === 'document_email') return DOCUMENT_SUBJECTS[row.document_kind ?? ''] ?? 'Document';
  return row.subject ?? '(no subject)';
}

/**
 * The e-mails the outbox gave up on, newest first. Only the fields the screen shows are read
 * out of the payload: its text and HTML carry links and codes.
 */
async function givenUpEmails(
  db: Database,
): Promise<Pick<SystemStatus, 'givenUpEmails' | 'givenUpEmailsTotal'>> {
  const [listed, [total]] = await Promise.all([
    db.execute(sql`
      select id, kind, payload->>'to' as "to", payload->>'subject' as subject,
        payload->>'emailClass' as email_class, payload->'document'->>'kind' as document_kind,
        last_error, attempts, created_at,
        -- A failure gives up at its next_attempt_at; an expiry when the message stopped working.
        case when last_error = ${EXPIRED_ERROR} and expires_at is not null
          then expires_at else next_attempt_at end as given_up_at,
        expires_at is not null as time_limited,
        coalesce(expires_at <= now(), false) as expired
      from outbox_messages
      where status = 'dead' and kind in (${emailKinds})
      order by given_up_at desc, id desc
      limit ${GIVEN_UP_EMAILS_LIMIT}`),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(outboxMessages)
      .where(sql`${outboxMessages.status} = 'dead' and ${outboxMessages.kind} in (${emailKinds})`),
  ]);
  const emailClass = z.enum(EMAIL_CLASSES).nullable().catch(null);
  return {
    givenUpEmails: rowsOf<unknown>(listed).map((raw) => {
      const row = givenUpRowSchema.parse(raw);
      return {
        id: row.id,
        to: row.to ?? '(no recipient)',
        subject: subjectOf(row),
        emailClass: emailClass.parse(row.email_class),
        lastError: row.last_error,
        attempts: row.attempts,
        queuedAt: at(row.created_at),
        givenUpAt: at(row.given_up_at),
        retryable: !row.expired,
      };
    }),
    givenUpEmailsTotal: Number(total?.n ?? 0),
  };
}

/** The System view: the sweeps as this process saw them, and the queues as the database holds them. */
export async function systemStatus(
  db: Database,
  sweeps: SweepReader,
  process: { now: Date; startedAt: Date; runsSweeps: boolean },
): Promise<SystemStatus> {
  const [outbox, webhooks, emails] = await Promise.all([
    outboxQueues(db),
    failingWebhooks(db),
    givenUpEmails(db),
  ]);
  return {
    processStartedAt: process.startedAt.toISOString(),
    runsSweeps: process.runsSweeps,
    sweeps: sweepsOf(sweeps, process.now),
    outbox,
    failingWebhooks: webhooks,
    ...emails,
  };
}

/**
 * Puts a given-up e-mail back in the queue, due now, for one more attempt: one that fails again
 * is given up again at once, back on the screen with its new error, instead of being retried
 * for another day out of sight. A message past its use stays given up: a sign-in code is never
 * sent late. Anything else (sent, already queued) is left as it is.
 */
export async function retryGivenUpEmail(
  db: Database,
  id: number,
  actor: Actor,
): Promise<{ id: number; to: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({
        kind: outboxMessages.kind,
        status: outboxMessages.status,
        to: sql<string | null>`${outboxMessages.payload}->>'to'`,
        expired: sql<boolean>`coalesce(${outboxMessages.expiresAt} <= now(), false)`,
      })
      .from(outboxMessages)
      .where(eq(outboxMessages.id, id))
      .for('update');
    if (!row || !(EMAIL_KINDS as readonly string[]).includes(row.kind)) throw notFound('No such e-mail.');
    if (row.status !== 'dead') {
      throw conflict('This e-mail is not given up: it was sent or is queued already.', 'email_not_given_up');
    }
    if (row.expired) {
      throw conflict('This message expired: a sign-in code or link is never sent late.', 'email_expired');
    }
    await tx
      .update(outboxMessages)
      .set({
        status: 'pending',
        attempts: sql`greatest(${outboxMessages.attempts}, ${MAX_ATTEMPTS - 1})`,
        nextAttemptAt: sql`now()`,
        lockedUntil: null,
      })
      .where(eq(outboxMessages.id, id));
    const to = row.to ?? '(no recipient)';
    await recordActorAudit(tx, actor, {
      action: 'email.retried',
      targetType: 'outbox_message',
      targetId: id,
      details: { to, kind: row.kind },
    });
    return { id, to };
  });
}
