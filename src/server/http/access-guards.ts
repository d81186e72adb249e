import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiKeyScope, EndpointAccess } from '../../domain/api/endpoint';
import type { WorkspacePermission } from '../../domain/workspaces/roles';

/** An onRequest hook that throws the refusal (401, 403, 429) when the caller may not go on. */
export type Guard = (request: FastifyRequest, reply: FastifyReply) => Promise<void>;

/**
 * The checks behind each kind of access, built once by the app from its session resolver and
 * key store (wiring/routes.ts) and handed to the route plugins as `deps.guards`.
 */
export interface AccessGuards {
  /** Loads the session if there is one; for public routes that answer differently when signed in. */
  loadSession: Guard;
  requireUser: Guard;
  requireAdmin: Guard;
  /** A member of the session's workspace whose role holds the permission. */
  requireMember: (permission: WorkspacePermission) => Guard;
  /** An API key in Authorization: Bearer, counted against its rate limit. */
  requireKey: Guard;
  requireScope: (scope: ApiKeyScope) => Guard;
  /** The key's role, capped by its creator's role now, holds the permission. */
  requireKeyPermission: (permission: WorkspacePermission) => Guard;
}

/**
 * The hooks an access kind needs, run on onRequest: before the body is read and validated, so
 * a caller without access learns nothing from the answer. Owners are checked further by the
 * services, which answer someone else's object with 404; providers by the signature their
 * handler checks.
 */
export function guardsFor(guards: AccessGuards, access: EndpointAccess): Guard[] {
  switch (access.kind) {
    case 'public':
    case 'provider':
      return [];
    case 'user':
      return [access.permission ? guards.requireMember(access.permission) : guards.requireUser];
    case 'owner':
      return [guards.requireMember(access.permission)];
    case 'admin':
      return [guards.requireAdmin];
    case 'key':
      return [
        guards.requireKey,
        guards.requireScope(access.scope),
        guards.requireKeyPermission(access.permission),
      ];
  }
}
