import { fromNodeHeaders } from 'better-auth/node';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../domain/account-schemas';
import { BACKGROUND_REQUEST_HEADER, SESSION_TIMEOUT_MINUTES } from '../../domain/constants';
import { displayName } from '../../domain/format';
import {
  isWorkspaceRole,
  ROLE_TEXTS,
  roleAllows,
  type WorkspacePermission,
  type WorkspaceRole,
} from '../../domain/workspaces/roles';
import type { Database } from '../db/client';
import {
  account,
  session as sessionTable,
  user,
  userSettings,
  workspaceMembers,
  workspaces,
} from '../db/schema';
import { forbidden, unauthorized } from '../http/errors';
import type { SessionCache } from './session-cache';
import { createSessionCookieReader } from './session-cookie';

export interface SessionContext {
  sessionId: string;
  user: SessionUser & { role: string };
  /**
   * The workspace the session works in and the person's role there, read with the session on
   * every request, so a removal or a role change applies at the next request on every
   * instance; null for a person who belongs to no workspace.
   */
  workspace: ActiveWorkspace | null;
}

export interface ActiveWorkspace {
  id: string;
  name: string;
  role: WorkspaceRole;
  personal: boolean;
}

const IDLE_LIMIT_MS = SESSION_TIMEOUT_MINUTES * 60_000;
/** Last activity is written at most this often, not on every request. */
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

/** One query for what a signed-in request needs: the session, its user and their timeout setting. */
function prepareSessionQuery(db: Database) {
  // The session's chosen workspace if the person still belongs to it, else their personal one.
  const membership = db
    .select({
      workspaceId: workspaceMembers.workspaceId,
      workspaceRole: workspaceMembers.role,
      workspaceName: workspaces.name,
      workspacePersonal: workspaces.personal,
      memberActiveAt: workspaceMembers.lastActiveAt,
    })
    .from(workspaceMembers)
    .innerJoin(workspaces, and(eq(workspaces.id, workspaceMembers.workspaceId), isNull(workspaces.deletedAt)))
    .where(eq(workspaceMembers.userId, sessionTable.userId))
    .orderBy(
      desc(sql`${workspaceMembers.workspaceId} = ${sessionTable.activeWorkspaceId}`),
      desc(workspaces.personal),
      workspaceMembers.createdAt,
    )
    .limit(1)
    .as('membership');
  return db
    .select({
      sessionId: sessionTable.id,
      expiresAt: sessionTable.expiresAt,
      lastActiveAt: sessionTable.lastActiveAt,
      timeoutOn: userSettings.sessionTimeout,
      userId: user.id,
      email: user.email,
      name: user.name,
      role: user.role,
      createdAt: user.createdAt,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      hasPassword: sql<boolean>`exists (select 1 from ${account} where ${account.userId} = ${user.id} and ${account.providerId} = 'credential' and ${account.password} is not null)`,
      workspaceId: membership.workspaceId,
      workspaceRole: membership.workspaceRole,
      workspaceName: membership.workspaceName,
      workspacePersonal: membership.workspacePersonal,
      memberActiveAt: membership.memberActiveAt,
    })
    .from(sessionTable)
    .innerJoin(user, eq(user.id, sessionTable.userId))
    .leftJoin(userSettings, eq(userSettings.userId, sessionTable.userId))
    .leftJoinLateral(membership, sql`true`)
    .where(eq(sessionTable.token, sql.placeholder('token')))
    .prepare('resolve_session');
}

export interface SessionResolverDeps {
  db: Database;
  /** The auth library's secret, which signs its session cookie. */
  secret: string;
  /** Secure cookies (production): the cookie's name carries the `__Secure-` prefix. */
  secureCookies: boolean;
  /** Sessions kept between changes to them (session-cache.ts); none: every request reads. */
  cache?: SessionCache | undefined;
  now?: () => Date;
}

/**
 * Reads the session from the request's cookie and applies the idle timeout (D9): a user
 * who keeps Session Timeout on loses a session that saw no request for 30 minutes.
 * The check happens here, on the server, for every authenticated request, against the
 * database: a sign-out, a password change or a deletion on any instance ends the session on
 * every instance at its next request. The sessions themselves are the auth library's; this
 * reads them in one prepared query instead of the library's several (docs/performance.md).
 * The row is kept until a change to it (session-cache.ts): on the embedded database any write,
 * on PostgreSQL a write of this process or a change to its person heard from another; a
 * sign-out or password change is both, and the timeouts are checked on every request.
 */
export function createSessionResolver({
  db,
  secret,
  secureCookies,
  cache,
  now = () => new Date(),
}: SessionResolverDeps) {
  const sessionToken = createSessionCookieReader(secret, secureCookies);
  const query = prepareSessionQuery(db);
  const lookUp = (token: string) => query.execute({ token });
  return async function resolveSession(headers: Headers): Promise<SessionContext | null> {
    const token = sessionToken(headers.get('cookie'));
    if (!token) return null;
    const [row] = await (cache
      ? cache.read(
          token,
          () => lookUp(token),
          (rows) => rows[0]?.userId ?? null,
        )
      : lookUp(token));
    if (!row) return null;

    const current = now();
    if (row.expiresAt.getTime() <= current.getTime()) {
      await db.delete(sessionTable).where(eq(sessionTable.id, row.sessionId));
      return null;
    }
    const idleFor = current.getTime() - row.lastActiveAt.getTime();
    if ((row.timeoutOn ?? true) && idleFor > IDLE_LIMIT_MS) {
      await db.delete(sessionTable).where(eq(sessionTable.id, row.sessionId));
      return null;
    }
    const background = headers.get(BACKGROUND_REQUEST_HEADER) === '1';
    if (idleFor > ACTIVITY_WRITE_INTERVAL_MS && !background) {
      await db.update(sessionTable).set({ lastActiveAt: current }).where(eq(sessionTable.id, row.sessionId));
    }
    // The members page's "last active": the member's own requests in the workspace, as often.
    const memberIdleFor = row.memberActiveAt ? current.getTime() - row.memberActiveAt.getTime() : Infinity;
    if (row.workspaceId && memberIdleFor > ACTIVITY_WRITE_INTERVAL_MS && !background) {
      await db
        .update(workspaceMembers)
        .set({ lastActiveAt: current })
        .where(
          and(eq(workspaceMembers.workspaceId, row.workspaceId), eq(workspaceMembers.userId, row.userId)),
        );
    }

    const role = typeof row.role === 'string' ? row.role : 'user';
    return {
      sessionId: row.sessionId,
      workspace:
        row.workspaceId && row.workspaceName !== null && isWorkspaceRole(row.workspaceRole)
          ? {
              id: row.workspaceId,
              name: row.workspaceName,
              role: row.workspaceRole,
              personal: row.workspacePersonal === true,
            }
          : null,
      user: {
        id: row.userId,
        email: row.email,
        name: displayName({ name: row.name, email: row.email }),
        isAdmin: role === 'admin',
        role,
        createdAt: row.createdAt.toISOString(),
        emailVerified: row.emailVerified,
        twoFactorEnabled: row.twoFactorEnabled === true,
        hasPassword: row.hasPassword === true,
      },
    };
  };
}

export type SessionResolver = ReturnType<typeof createSessionResolver>;

declare module 'fastify' {
  interface FastifyRequest {
    session: SessionContext | null;
  }
}

export function requestHeaders(request: FastifyRequest): Headers {
  return fromNodeHeaders(request.headers);
}

/**
 * Hooks that load the session, then demand a user or an admin. serve() runs them on onRequest
 * for the endpoints declared so (http/access-guards.ts), before the input is validated, so a
 * caller without access learns nothing from the answer.
 */
export function sessionGuards(resolve: SessionResolver) {
  const load = async (request: FastifyRequest) => {
    request.session = await resolve(requestHeaders(request));
    return request.session;
  };
  return {
    /** Loads the session if there is one; the route decides what nobody means. */
    loadSession: async (request: FastifyRequest, _reply: FastifyReply) => {
      await load(request);
    },
    requireUser: async (request: FastifyRequest, _reply: FastifyReply) => {
      if (!(await load(request))) throw unauthorized();
    },
    requireAdmin: async (request: FastifyRequest, _reply: FastifyReply) => {
      const context = await load(request);
      if (!context) throw unauthorized();
      if (!context.user.isAdmin) throw forbidden();
    },
    /** A member of the session's workspace whose role holds the permission. */
    requireMember:
      (permission: WorkspacePermission) => async (request: FastifyRequest, _reply: FastifyReply) => {
        const context = await load(request);
        if (!context) throw unauthorized();
        refuseUnlessAllowed(context.workspace, permission);
      },
  };
}

/** The 403 of a member whose role lacks the permission, or of a person in no workspace. */
export function refuseUnlessAllowed(
  workspace: ActiveWorkspace | null,
  permission: WorkspacePermission,
): void {
  if (!workspace) throw forbidden('You do not belong to a workspace. Ask for an invitation or create one.');
  if (!roleAllows(workspace.role, permission)) {
    throw forbidden(
      `Your role in ${workspace.name} is ${ROLE_TEXTS[workspace.role].label.toLowerCase()}, which does not allow this.`,
    );
  }
}

/**
 * Who acts and where: the person (id and e-mail, as the customer objects services took before
 * workspaces) and the workspace whose things they act on, with their role there.
 */
export interface WorkspaceActor {
  id: string;
  email: string;
  workspaceId: string;
  role: WorkspaceRole;
}

/** The session's workspace of a route guarded by requireMember. */
export function currentWorkspace(request: FastifyRequest): WorkspaceActor {
  const context = request.session;
  if (!context) throw unauthorized();
  if (!context.workspace)
    throw forbidden('You do not belong to a workspace. Ask for an invitation or create one.');
  return {
    id: context.user.id,
    email: context.user.email,
    workspaceId: context.workspace.id,
    role: context.workspace.role,
  };
}

/** The signed-in user of a route guarded by requireUser/requireAdmin. */
export function currentUser(request: FastifyRequest): SessionContext['user'] {
  if (!request.session) throw unauthorized();
  return request.session.user;
}
