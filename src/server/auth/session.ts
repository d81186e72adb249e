import { fromNodeHeaders } from 'better-auth/node';
import { eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../../domain/account-schemas';
import { BACKGROUND_REQUEST_HEADER, SESSION_TIMEOUT_MINUTES } from '../../domain/constants';
import { displayName } from '../../domain/format';
import type { Database } from '../db/client';
import { session as sessionTable, userSettings } from '../db/schema';
import { forbidden, unauthorized } from '../http/errors';
import type { Auth } from './auth';

export interface SessionContext {
  sessionId: string;
  user: SessionUser & { role: string };
}

const IDLE_LIMIT_MS = SESSION_TIMEOUT_MINUTES * 60_000;
/** Last activity is written at most this often, not on every request. */
const ACTIVITY_WRITE_INTERVAL_MS = 60_000;

/**
 * Reads the session from the request's cookie and applies the idle timeout (D9): a user
 * who keeps Session Timeout on loses a session that saw no request for 30 minutes.
 * The check happens here, on the server, for every authenticated request.
 */
export function createSessionResolver(auth: Auth, db: Database, now: () => Date = () => new Date()) {
  return async function resolveSession(headers: Headers): Promise<SessionContext | null> {
    const result = await auth.api.getSession({ headers, query: { disableCookieCache: true } });
    if (!result) return null;
    const { session, user } = result;

    const [state] = await db
      .select({ lastActiveAt: sessionTable.lastActiveAt, timeoutOn: userSettings.sessionTimeout })
      .from(sessionTable)
      .leftJoin(userSettings, eq(userSettings.userId, sessionTable.userId))
      .where(eq(sessionTable.id, session.id));
    if (!state) return null;

    const current = now();
    const idleFor = current.getTime() - state.lastActiveAt.getTime();
    if ((state.timeoutOn ?? true) && idleFor > IDLE_LIMIT_MS) {
      await db.delete(sessionTable).where(eq(sessionTable.id, session.id));
      return null;
    }
    if (idleFor > ACTIVITY_WRITE_INTERVAL_MS && headers.get(BACKGROUND_REQUEST_HEADER) !== '1') {
      await db.update(sessionTable).set({ lastActiveAt: current }).where(eq(sessionTable.id, session.id));
    }

    const role = typeof user.role === 'string' ? user.role : 'user';
    return {
      sessionId: session.id,
      user: {
        id: user.id,
        email: user.email,
        name: displayName({ name: user.name, email: user.email }),
        isAdmin: role === 'admin',
        role,
        createdAt: user.createdAt.toISOString(),
        emailVerified: user.emailVerified,
        twoFactorEnabled: user.twoFactorEnabled === true,
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
 * Hooks that load the session, then demand a user or an admin. Routes run them on onRequest,
 * before the input is validated, so a caller without access learns nothing from the answer.
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
  };
}

export type SessionGuards = ReturnType<typeof sessionGuards>;

/** The signed-in user of a route guarded by requireUser/requireAdmin. */
export function currentUser(request: FastifyRequest): SessionContext['user'] {
  if (!request.session) throw unauthorized();
  return request.session.user;
}
