import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  API_KEY_RATE_LIMIT,
  API_KEY_RATE_WINDOW_MS,
  API_V1_IP_RATE_LIMIT,
  type ApiKeyScope,
  scopeAllows,
} from '../../domain/api-keys';
import { keyAllows, type WorkspacePermission } from '../../domain/workspaces/roles';
import type { WorkspaceActor } from '../auth/session';
import type { Database } from '../db/client';
import { ApiError, forbidden, unauthorized } from '../http/errors';
import { answerLimit } from '../rate-limit/headers';
import type { RateLimiter } from '../rate-limit/limiter';
import { findApiKey, type KeyHolder } from './service';

declare module 'fastify' {
  interface FastifyRequest {
    /** The API key a /api/v1 request was made with (bearerGuard), else null. */
    apiKey: KeyHolder | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/**
 * The /api/v1 front door (docs/decisions/0011-api-keys.md): only `Authorization: Bearer`
 * authenticates there, never the session cookie, so a browser cannot be made to call it on a
 * signed-in user's behalf. Runs on onRequest, before any input is read; a key in force is
 * counted against its per-minute limit, and every answer tells how much of it is left.
 */
export function bearerGuard(deps: { db: Database; limiter: RateLimiter; now: () => Date }) {
  return async function requireKey(request: FastifyRequest, reply: FastifyReply) {
    const header = request.headers.authorization;
    const match = typeof header === 'string' ? BEARER.exec(header) : null;
    if (!match?.[1]) {
      throw unauthorized('An API key is required: send it as Authorization: Bearer <key>.');
    }
    const fromAddress = await deps.limiter.hit(`api-v1:ip:${request.ip}`, {
      limit: API_V1_IP_RATE_LIMIT,
      windowMs: API_KEY_RATE_WINDOW_MS,
    });
    if (!fromAddress.allowed) {
      reply.header('Retry-After', String(fromAddress.retryAfterSeconds));
      throw new ApiError(
        429,
        'rate_limited',
        `Too many API requests from this address. Try again in ${fromAddress.retryAfterSeconds} seconds.`,
      );
    }
    const holder = await findApiKey(deps.db, match[1], deps.now());
    if (!holder) throw unauthorized('This API key is not valid, or it has been revoked.');

    const result = await deps.limiter.hit(`api-key:${holder.keyId}`, {
      limit: API_KEY_RATE_LIMIT,
      windowMs: API_KEY_RATE_WINDOW_MS,
    });
    answerLimit(
      reply,
      API_KEY_RATE_LIMIT,
      result,
      (seconds) =>
        `This API key made more than ${API_KEY_RATE_LIMIT} requests in a minute. Try again in ${seconds} seconds.`,
    );
    request.apiKey = holder;
  };
}

/** A route's scope check, after bearerGuard: a `read` key cannot call a write. */
export function requireScope(needed: ApiKeyScope) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    if (!request.apiKey)
      throw unauthorized('An API key is required: send it as Authorization: Bearer <key>.');
    if (!scopeAllows(request.apiKey.scope, needed)) {
      throw forbidden(`This API key's scope is ${request.apiKey.scope}; this request needs ${needed}.`);
    }
  };
}

/** A route's permission check, after bearerGuard: what the key's role and its creator's both allow. */
export function requireKeyPermission(permission: WorkspacePermission) {
  return async (request: FastifyRequest, _reply: FastifyReply) => {
    const key = request.apiKey;
    if (!key) throw unauthorized('An API key is required: send it as Authorization: Bearer <key>.');
    if (!keyAllows(key.role, key.creatorRole, permission)) {
      throw forbidden(
        `This API key acts as ${key.role}${key.creatorRole === key.role ? '' : ` (its creator is ${key.creatorRole} now)`}, which does not allow this request.`,
      );
    }
  };
}

/** The person and workspace a key acts as, in the shape services take from a session. */
export function keyActor(request: FastifyRequest): WorkspaceActor {
  const holder = currentKeyHolder(request);
  return { id: holder.user.id, email: holder.user.email, workspaceId: holder.workspaceId, role: holder.role };
}

/** The key holder of a route behind bearerGuard. */
export function currentKeyHolder(request: FastifyRequest): KeyHolder {
  if (!request.apiKey) throw unauthorized('An API key is required: send it as Authorization: Bearer <key>.');
  return request.apiKey;
}
