import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accountApi } from '../../domain/api/endpoints';
import { currentUser } from '../auth/session';
import type { Database } from '../db/client';
import type { AccessGuards } from '../http/access-guards';
import { serving } from '../http/serve';
import { type DeletionDeps, deleteAccount } from './deletion';
import { getProfile, getSettings, updateProfile, updateSettings } from './service';

export function accountRoutes(
  db: Database,
  guards: AccessGuards,
  deletion: DeletionDeps,
): FastifyPluginAsyncZod {
  const serve = serving(guards);
  return async (app) => {
    // Anonymous is a normal answer here (user: null), not an error: every visit asks.
    serve(
      app,
      accountApi.me,
      async (request) => {
        if (!request.session) return { user: null, workspace: null };
        const { role: _role, ...user } = request.session.user;
        return { user, workspace: request.session.workspace };
      },
      { preHandler: guards.loadSession },
    );

    serve(app, accountApi.profile, async (request) => getProfile(db, currentUser(request).id));
    serve(app, accountApi.saveProfile, async (request) =>
      updateProfile(db, currentUser(request), request.body, request.ip),
    );
    serve(app, accountApi.settings, async (request) => getSettings(db, currentUser(request).id));
    serve(app, accountApi.saveSettings, async (request) =>
      updateSettings(db, currentUser(request).id, request.body),
    );
    serve(app, accountApi.deleteAccount, async (request, reply) => {
      const user = currentUser(request);
      await deleteAccount(deletion, user, request.body.confirmEmail, request.ip);
      return reply.status(204).send(null);
    });
  };
}
