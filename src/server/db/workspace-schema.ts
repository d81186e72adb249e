import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { WORKSPACE_ROLES, type WorkspaceRole } from '../../domain/workspaces/roles';
import { user } from './auth-schema';
import { cascadingRef, createdAt, identityId, timestamps } from './columns';

const roleCheck = (name: string, column: unknown) =>
  check(name, sql`${column} in (${sql.raw(WORKSPACE_ROLES.map((role) => `'${role}'`).join(', '))})`);

/**
 * What owns a customer's things: orders and their panels, payments, the billing profile, API
 * keys, webhook endpoints (docs/decisions/0023-workspaces.md). Each person starts with a
 * personal one; an agency makes one per client. A deleted workspace keeps its row, and its
 * orders keep naming it, for the accounts.
 */
export const workspaces = pgTable(
  'workspaces',
  {
    id: text('id').primaryKey().default(sql`gen_random_uuid()::text`),
    name: text('name').notNull(),
    /** The workspace a person's account came with: it cannot be deleted or left. */
    personal: boolean('personal').notNull().default(false),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index('workspaces_created_by_idx').on(t.createdBy),
    // One personal workspace per person.
    uniqueIndex('workspaces_personal_idx').on(t.createdBy).where(sql`${t.personal}`),
  ],
);

/** Who belongs to a workspace and with which role; read on every request, so a change applies at once. */
export const workspaceMembers = pgTable(
  'workspace_members',
  {
    workspaceId: cascadingRef('workspace_id', () => workspaces.id),
    userId: cascadingRef('user_id', () => user.id),
    role: text('role').$type<WorkspaceRole>().notNull(),
    /** The member's last request in this workspace, written at most once a minute. */
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.workspaceId, t.userId] }),
    roleCheck('workspace_members_role_check', t.role),
    index('workspace_members_user_idx').on(t.userId),
  ],
);

/**
 * An invitation to a workspace. Only the SHA-256 of its token is kept; the token travels once,
 * in the e-mail's link. `sent_at` holds every send, so resends are counted over 24 hours.
 */
export const workspaceInvitations = pgTable(
  'workspace_invitations',
  {
    id: identityId(),
    workspaceId: cascadingRef('workspace_id', () => workspaces.id),
    /** Lower case: only a person whose proven address is this one may accept. */
    email: text('email').notNull(),
    role: text('role').$type<WorkspaceRole>().notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).array().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: text('accepted_by').references(() => user.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    roleCheck('workspace_invitations_role_check', t.role),
    uniqueIndex('workspace_invitations_token_idx').on(t.tokenHash),
    index('workspace_invitations_workspace_idx').on(t.workspaceId, t.createdAt.desc()),
  ],
);
