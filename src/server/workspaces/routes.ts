import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { workspacesApi } from '../../domain/api/workspaces';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { AccessGuards } from '../http/access-guards';
import { ApiError, notFound, unauthorized } from '../http/errors';
import { serving } from '../http/serve';
import type { RateLimiter } from '../rate-limit/limiter';
import {
  acceptInvitation,
  findInvitation,
  invitationView,
  invite,
  listInvitations,
  ResendLimitError,
  resendInvitation,
  revokeInvitation,
} from './invitations';
import type { Actor } from './locks';
import { changeMemberRole, listMembers, removeMember } from './members';
import { tokenGuessLimit } from './token-guesses';
import {
  activateWorkspace,
  createWorkspace,
  deleteWorkspace,
  leaveWorkspace,
  listWorkspaces,
  transferOwnership,
} from './workspaces';

export interface WorkspaceRouteDeps {
  db: Database;
  config: Pick<Config, 'brand' | 'publicUrl' | 'rateLimitMultiplier'>;
  guards: AccessGuards;
  /** Sends the queued invitation e-mail right after the commit. */
  outbox: { kick(): void };
  /** Counts wrong invitation links per address, in the database (so across instances). */
  limiter: RateLimiter;
  /** Real time: invitations expire, as sessions and sign-in codes do, whatever the sandbox clock says. */
  now: () => Date;
}

const NOT_HERE = 'No such workspace, or it is not the one you are working in: switch to it first.';
const UNPROVEN =
  'Confirm your email address first: sign in with a code sent to it, then make workspaces and invite people.';
const NO_INVITATION = 'No invitation has this link. Check that you copied all of it, or ask for a new one.';

function signedIn(request: FastifyRequest) {
  if (!request.session) throw unauthorized();
  return request.session;
}

/**
 * Whoever registered an address first may not have it: until the address is proven, the
 * account brings nobody in, so a later proof by its real owner finds no one else holding keys
 * to what they then buy (src/server/auth/address-proof.ts takes the rest away).
 */
function proven(request: FastifyRequest) {
  if (!signedIn(request).user.emailVerified) throw new ApiError(403, 'email_not_verified', UNPROVEN);
}

function actorOf(request: FastifyRequest): Actor {
  const { user } = signedIn(request);
  return { id: user.id, email: user.email, ip: request.ip ?? null };
}

/**
 * The session's workspace when the path names it; 404 for any other, as another customer's
 * object is: a workspace's members and invitations are managed from inside it.
 */
function here(request: FastifyRequest, workspaceId: string): string {
  const workspace = signedIn(request).workspace;
  if (workspace?.id !== workspaceId) throw notFound(NOT_HERE);
  return workspace.id;
}

/**
 * Workspaces, their members and invitations (docs/decisions/0023-workspaces.md). Session
 * only: an API key acts inside one workspace and never manages who belongs to it.
 */
export function workspaceRoutes(deps: WorkspaceRouteDeps): FastifyPluginAsyncZod {
  const { db, now } = deps;
  const invitationDeps = { db, config: deps.config };
  const guessing = tokenGuessLimit({
    limiter: deps.limiter,
    rateLimitMultiplier: deps.config.rateLimitMultiplier,
  });
  const inviterOf = (request: FastifyRequest) => ({ ...actorOf(request), name: signedIn(request).user.name });

  const serve = serving(deps.guards);
  return async (app) => {
    serve(app, workspacesApi.list, async (request) => {
      const context = signedIn(request);
      return {
        workspaces: await listWorkspaces(db, context.user.id),
        activeId: context.workspace?.id ?? null,
      };
    });

    serve(app, workspacesApi.create, async (request, reply) => {
      proven(request);
      const workspace = await createWorkspace(db, actorOf(request), {
        name: request.body.name,
        sessionId: signedIn(request).sessionId,
      });
      return reply.status(201).send(workspace);
    });

    serve(app, workspacesApi.activate, async (request) =>
      activateWorkspace(db, {
        userId: signedIn(request).user.id,
        sessionId: signedIn(request).sessionId,
        workspaceId: request.params.workspaceId,
      }),
    );

    serve(app, workspacesApi.leave, async (request, reply) => {
      await leaveWorkspace(db, actorOf(request), request.params.workspaceId, now());
      return reply.status(204).send(null);
    });

    serve(app, workspacesApi.remove, async (request, reply) => {
      await deleteWorkspace(db, actorOf(request), here(request, request.params.workspaceId), now());
      return reply.status(204).send(null);
    });

    serve(app, workspacesApi.transfer, async (request) =>
      transferOwnership(db, actorOf(request), here(request, request.params.workspaceId), request.body.userId),
    );

    serve(app, workspacesApi.members, async (request) =>
      listMembers(db, here(request, request.params.workspaceId)),
    );

    serve(app, workspacesApi.changeRole, async (request) =>
      changeMemberRole(db, actorOf(request), {
        workspaceId: here(request, request.params.workspaceId),
        userId: request.params.userId,
        role: request.body.role,
      }),
    );

    serve(app, workspacesApi.removeMember, async (request, reply) => {
      await removeMember(
        db,
        actorOf(request),
        { workspaceId: here(request, request.params.workspaceId), userId: request.params.userId },
        now(),
      );
      return reply.status(204).send(null);
    });

    serve(app, workspacesApi.invitations, async (request) =>
      listInvitations(db, here(request, request.params.workspaceId), now()),
    );

    serve(app, workspacesApi.invite, async (request, reply) => {
      proven(request);
      const invitation = await invite(
        invitationDeps,
        inviterOf(request),
        { workspaceId: here(request, request.params.workspaceId), ...request.body },
        now(),
      );
      deps.outbox.kick();
      return reply.status(201).send(invitation);
    });

    serve(app, workspacesApi.resendInvitation, async (request, reply) => {
      try {
        const invitation = await resendInvitation(
          invitationDeps,
          inviterOf(request),
          {
            workspaceId: here(request, request.params.workspaceId),
            invitationId: request.params.invitationId,
          },
          now(),
        );
        deps.outbox.kick();
        return invitation;
      } catch (error) {
        if (error instanceof ResendLimitError) reply.header('retry-after', String(error.retryAfterSeconds));
        throw error;
      }
    });

    serve(app, workspacesApi.revokeInvitation, async (request, reply) => {
      await revokeInvitation(
        db,
        actorOf(request),
        {
          workspaceId: here(request, request.params.workspaceId),
          invitationId: request.params.invitationId,
        },
        now(),
      );
      return reply.status(204).send(null);
    });

    serve(app, workspacesApi.viewInvitation, async (request, reply) => {
      const found = await guessing(request, reply, () => findInvitation(db, request.params.token));
      if (!found) throw notFound(NO_INVITATION);
      return invitationView(found, now());
    });

    serve(app, workspacesApi.acceptInvitation, async (request, reply) => {
      const found = await guessing(request, reply, () => findInvitation(db, request.params.token));
      if (!found) throw notFound(NO_INVITATION);
      const context = signedIn(request);
      const workspace = await acceptInvitation(
        db,
        {
          ...actorOf(request),
          emailVerified: context.user.emailVerified,
          sessionId: context.sessionId,
        },
        found,
        now(),
      );
      return { workspace };
    });
  };
}
