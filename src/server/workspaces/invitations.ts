import { createHash, randomBytes } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { INVITATION_STATES, Invitation, InvitationView, Workspace } from '../../domain/api/workspaces';
import { displayName } from '../../domain/format';
import {
  type AssignableRole,
  INVITATION_RESENDS_PER_DAY,
  INVITATION_VALID_HOURS,
  INVITATIONS_PER_DAY,
  ROLE_TEXTS,
} from '../../domain/workspaces/roles';
import { recordActorAudit } from '../audit/audit';
import type { Config } from '../config';
import type { Database, Tx } from '../db/client';
import { user, workspaceInvitations, workspaceMembers, workspaces } from '../db/schema';
import { ApiError, conflict, notFound } from '../http/errors';
import { enqueueInvitation } from './invitation-emails';
import { type Actor, lockWorkspace, setActiveWorkspace, underWorkspaceLock } from './locks';
import { workspaceOf } from './workspaces';

// Invitations to a workspace (docs/decisions/0023-workspaces.md): made, resent and revoked
// from inside it; viewed by whoever holds the link; accepted only by the person who proved
// the invited address.

const TOKEN_PREFIX = 'inv_';
/** 32 random bytes in base64url, without padding. */
const TOKEN_PATTERN = /^inv_[A-Za-z0-9_-]{43}$/;
const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
/** The invitations page lists this many, newest first. */
const LIST_LIMIT = 200;

/** A new token: 256 random bits, so guessing one is hopeless and a plain SHA-256 of it is enough. */
export function generateInvitationToken(): string {
  return TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** What is stored instead of the token: a stolen table opens no invitation. */
export function hashInvitationToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** Whether text could be a token at all, before any database work. */
export function looksLikeInvitationToken(text: string): boolean {
  return TOKEN_PATTERN.test(text);
}

type InvitationRow = typeof workspaceInvitations.$inferSelect;
type InvitationState = (typeof INVITATION_STATES)[number];

export function invitationState(row: InvitationRow, now: Date): InvitationState {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt.getTime() <= now.getTime()) return 'expired';
  return 'pending';
}

/** The resends (every send after the first) of the last 24 hours, oldest first. */
function resendsToday(row: InvitationRow, now: Date): Date[] {
  return row.sentAt.slice(1).filter((at) => now.getTime() - at.getTime() < DAY_MS);
}

const expiry = (now: Date) => new Date(now.getTime() + INVITATION_VALID_HOURS * HOUR_MS);

function invitationOut(row: InvitationRow, inviterEmail: string | null, now: Date): Invitation {
  return {
    id: row.id,
    email: row.email,
    role: row.role,
    state: invitationState(row, now),
    invitedBy: inviterEmail,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastSentAt: (row.sentAt.at(-1) ?? row.createdAt).toISOString(),
    resendsLeftToday: Math.max(0, INVITATION_RESENDS_PER_DAY - resendsToday(row, now).length),
  };
}

export interface InvitationDeps {
  db: Database;
  config: Pick<Config, 'brand' | 'publicUrl'>;
}

/** The person who invites: the audit log's actor, and the name the e-mail gives. */
export interface Inviter extends Actor {
  name: string;
}

/** The workspace's invitations, newest first, with who sent each. */
export async function listInvitations(db: Database, workspaceId: string, now: Date) {
  const rows = await db
    .select({ invitation: workspaceInvitations, inviterEmail: user.email })
    .from(workspaceInvitations)
    .leftJoin(user, eq(user.id, workspaceInvitations.invitedBy))
    .where(eq(workspaceInvitations.workspaceId, workspaceId))
    .orderBy(desc(workspaceInvitations.createdAt), desc(workspaceInvitations.id))
    .limit(LIST_LIMIT);
  return { invitations: rows.map((r) => invitationOut(r.invitation, r.inviterEmail, now)) };
}

/**
 * Invites an address with a role and queues the e-mail in the same transaction. A member's
 * address is refused; an invitation still open for the same address is revoked, so one link
 * at a time works for it.
 */
export async function invite(
  deps: InvitationDeps,
  inviter: Inviter,
  input: { workspaceId: string; email: string; role: AssignableRole },
  now: Date,
): Promise<Invitation> {
  const email = input.email.toLowerCase();
  const { workspaceId, role } = input;
  return underWorkspaceLock(deps.db, workspaceId, async (tx, workspace) => {
    const [member] = await tx
      .select({ userId: workspaceMembers.userId })
      .from(workspaceMembers)
      .innerJoin(user, eq(user.id, workspaceMembers.userId))
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(sql`lower(${user.email})`, email)));
    if (member) throw conflict(`${email} is a member of ${workspace.name} already.`, 'already_member');
    const [sent] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(workspaceInvitations)
      .where(
        and(
          eq(workspaceInvitations.workspaceId, workspaceId),
          gt(workspaceInvitations.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      );
    if ((sent?.n ?? 0) >= INVITATIONS_PER_DAY) {
      throw conflict(
        `${workspace.name} sent ${INVITATIONS_PER_DAY} invitations in the last 24 hours, as many as a day allows. Try again tomorrow.`,
        'too_many_invitations',
      );
    }
    const replaced = await tx
      .update(workspaceInvitations)
      .set({ revokedAt: now })
      .where(
        and(
          eq(workspaceInvitations.workspaceId, workspaceId),
          eq(workspaceInvitations.email, email),
          isNull(workspaceInvitations.acceptedAt),
          isNull(workspaceInvitations.revokedAt),
        ),
      )
      .returning({ id: workspaceInvitations.id });
    const token = generateInvitationToken();
    const [row] = await tx
      .insert(workspaceInvitations)
      .values({
        workspaceId,
        email,
        role,
        tokenHash: hashInvitationToken(token),
        invitedBy: inviter.id,
        sentAt: [now],
        expiresAt: expiry(now),
        createdAt: now,
      })
      .returning();
    if (!row) throw new Error('The invitation was not stored.');
    await enqueueInvitation(tx, deps.config, {
      email,
      inviterName: inviter.name,
      workspaceName: workspace.name,
      role,
      token,
    });
    await recordActorAudit(tx, inviter, {
      action: 'invitation.created',
      targetType: 'workspace_invitation',
      targetId: row.id,
      details: { workspaceId, email, role, replaced: replaced.map((r) => r.id) },
    });
    return invitationOut(row, inviter.email, now);
  });
}

/** A locked invitation of the workspace (whose lock the caller holds); 404 for any other. */
async function lockedInvitation(tx: Tx, workspaceId: string, invitationId: number) {
  const [row] = await tx
    .select()
    .from(workspaceInvitations)
    .where(and(eq(workspaceInvitations.id, invitationId), eq(workspaceInvitations.workspaceId, workspaceId)))
    .for('update');
  if (!row) throw notFound('No such invitation in this workspace.');
  return row;
}

function refuseClosed(row: InvitationRow, doing: string): void {
  if (row.acceptedAt) throw conflict(`This invitation was accepted already: ${doing}.`, 'invitation_closed');
  if (row.revokedAt) throw conflict(`This invitation was revoked: ${doing}.`, 'invitation_closed');
}

/** A resend refused by the daily limit, and when the oldest counted resend leaves the window. */
export class ResendLimitError extends ApiError {
  constructor(readonly retryAfterSeconds: number) {
    super(
      429,
      'rate_limited',
      `This invitation was sent again ${INVITATION_RESENDS_PER_DAY} times in the last 24 hours. Try again later, or revoke it and invite again.`,
    );
  }
}

/**
 * Sends an open invitation again (an expired one too) with a new link, valid from now; the old
 * link stops working. At most INVITATION_RESENDS_PER_DAY resends in any 24 hours.
 */
export async function resendInvitation(
  deps: InvitationDeps,
  inviter: Inviter,
  input: { workspaceId: string; invitationId: number },
  now: Date,
): Promise<Invitation> {
  const { workspaceId, invitationId } = input;
  return underWorkspaceLock(deps.db, workspaceId, async (tx, workspace) => {
    const row = await lockedInvitation(tx, workspaceId, invitationId);
    refuseClosed(row, 'invite the address again to send a new one');
    const recent = resendsToday(row, now);
    const oldest = recent[0];
    if (oldest && recent.length >= INVITATION_RESENDS_PER_DAY) {
      throw new ResendLimitError(Math.max(1, Math.ceil((oldest.getTime() + DAY_MS - now.getTime()) / 1000)));
    }
    const token = generateInvitationToken();
    const [updated] = await tx
      .update(workspaceInvitations)
      .set({
        tokenHash: hashInvitationToken(token),
        expiresAt: expiry(now),
        sentAt: sql`array_append(${workspaceInvitations.sentAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(workspaceInvitations.id, invitationId))
      .returning();
    if (!updated) throw new Error('The invitation was not updated.');
    await enqueueInvitation(tx, deps.config, {
      email: row.email,
      inviterName: inviter.name,
      workspaceName: workspace.name,
      role: row.role,
      token,
    });
    await recordActorAudit(tx, inviter, {
      action: 'invitation.resent',
      targetType: 'workspace_invitation',
      targetId: invitationId,
      details: { workspaceId, email: row.email, sends: updated.sentAt.length },
    });
    const [inviterRow] = row.invitedBy
      ? await tx.select({ email: user.email }).from(user).where(eq(user.id, row.invitedBy))
      : [];
    return invitationOut(updated, inviterRow?.email ?? null, now);
  });
}

/** Revokes an open invitation: its link stops working at once. */
export async function revokeInvitation(
  db: Database,
  actor: Actor,
  input: { workspaceId: string; invitationId: number },
  now: Date,
): Promise<void> {
  const { workspaceId, invitationId } = input;
  await underWorkspaceLock(db, workspaceId, async (tx) => {
    const row = await lockedInvitation(tx, workspaceId, invitationId);
    refuseClosed(row, 'there is nothing to revoke');
    await tx
      .update(workspaceInvitations)
      .set({ revokedAt: now })
      .where(eq(workspaceInvitations.id, invitationId));
    await recordActorAudit(tx, actor, {
      action: 'invitation.revoked',
      targetType: 'workspace_invitation',
      targetId: invitationId,
      details: { workspaceId, email: row.email },
    });
  });
}

/** The invitation a token opens, in a workspace that still exists; null for any other token. */
export async function findInvitation(db: Database, token: string) {
  if (!looksLikeInvitationToken(token)) return null;
  const [row] = await db
    .select({
      invitation: workspaceInvitations,
      workspaceName: workspaces.name,
      inviterName: user.name,
      inviterEmail: user.email,
    })
    .from(workspaceInvitations)
    .innerJoin(
      workspaces,
      and(eq(workspaces.id, workspaceInvitations.workspaceId), isNull(workspaces.deletedAt)),
    )
    .leftJoin(user, eq(user.id, workspaceInvitations.invitedBy))
    .where(eq(workspaceInvitations.tokenHash, hashInvitationToken(token)));
  return row ?? null;
}
export type FoundInvitation = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

/** What the invitation page shows to whoever holds the link. */
export function invitationView(found: FoundInvitation, now: Date): InvitationView {
  const { invitation } = found;
  return {
    workspaceName: found.workspaceName,
    role: invitation.role,
    email: invitation.email,
    invitedBy:
      found.inviterEmail === null
        ? null
        : displayName({ name: found.inviterName ?? '', email: found.inviterEmail }),
    expiresAt: invitation.expiresAt.toISOString(),
    state: invitationState(invitation, now),
  };
}

/** The signed-in person accepting, with their proof of address and their session. */
export interface Accepter extends Actor {
  emailVerified: boolean;
  sessionId: string;
}

/**
 * Accepts an invitation: only while it is open and unexpired, only by the person whose
 * proven address is the invited one. They join with the role and their session moves into
 * the workspace.
 */
export async function acceptInvitation(
  db: Database,
  person: Accepter,
  found: FoundInvitation,
  now: Date,
): Promise<Workspace> {
  const workspaceId = found.invitation.workspaceId;
  return db.transaction(async (tx) => {
    // The workspace first, then the invitation: the order every change here takes them in.
    await lockWorkspace(
      tx,
      workspaceId,
      'This invitation no longer leads anywhere: its workspace was deleted.',
    );
    const row = await lockedInvitation(tx, workspaceId, found.invitation.id);
    const state = invitationState(row, now);
    if (state !== 'pending') {
      throw conflict(
        `This invitation was ${state}${state === 'expired' ? '' : ' already'}: ask for a new one.`,
        'invitation_closed',
      );
    }
    if (person.email.toLowerCase() !== row.email) {
      throw new ApiError(
        403,
        'invitation_wrong_address',
        `This invitation is for ${row.email}. Sign in with that address to accept it.`,
      );
    }
    if (!person.emailVerified) {
      throw new ApiError(
        403,
        'invitation_wrong_address',
        `Confirm ${row.email} first: open the link in the confirmation e-mail we sent to it, then accept the invitation.`,
      );
    }
    const [already] = await tx
      .select({ role: workspaceMembers.role })
      .from(workspaceMembers)
      .where(and(eq(workspaceMembers.workspaceId, workspaceId), eq(workspaceMembers.userId, person.id)));
    if (already) {
      throw conflict(
        `You are a member of ${found.workspaceName} already, as ${ROLE_TEXTS[already.role].label.toLowerCase()}.`,
        'already_member',
      );
    }
    await tx
      .insert(workspaceMembers)
      .values({ workspaceId, userId: person.id, role: row.role, createdAt: now });
    await tx
      .update(workspaceInvitations)
      .set({ acceptedAt: now, acceptedBy: person.id })
      .where(eq(workspaceInvitations.id, row.id));
    await setActiveWorkspace(tx, person.sessionId, workspaceId);
    await recordActorAudit(tx, person, {
      action: 'invitation.accepted',
      targetType: 'workspace_invitation',
      targetId: row.id,
      details: { workspaceId, role: row.role, invitedBy: row.invitedBy },
    });
    return workspaceOf(tx, person.id, workspaceId);
  });
}
