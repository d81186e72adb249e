import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteAccountSchema, profileSchema, settingsSchema } from '../../domain/account-schemas';
import { meSchema, profileResponseSchema } from '../../domain/api/account';
import { currentUser, type SessionGuards } from '../auth/session';
import type { Database } from '../db/client';
import { type DeletionDeps, deleteAccount } from './deletion';
import { getProfile, getSettings, updateProfile, updateSettings } from './service';

const tags = ['account'];

export function accountRoutes(
  db: Database,
  guards: SessionGuards,
  deletion: DeletionDeps,
): FastifyPluginAsyncZod {
  return async (app) => {
    // Anonymous is a normal answer here (user: null), not an error: every visit asks.
    app.get(
      '/api/me',
      {
        preHandler: guards.loadSession,
        schema: {
          tags,
          summary: 'The signed-in user, or null',
          response: { 200: meSchema },
        },
      },
      async (request) => {
        if (!request.session) return { user: null };
        const { role: _role, ...user } = request.session.user;
        return { user };
      },
    );

    app.register(async (scoped) => {
      const owner = scoped.withTypeProvider<ZodTypeProvider>();
      owner.addHook('onRequest', guards.requireUser);
      owner.get(
        '/api/me/profile',
        { schema: { tags, response: { 200: profileResponseSchema } } },
        async (request) => getProfile(db, currentUser(request).id),
      );

      owner.put(
        '/api/me/profile',
        { schema: { tags, body: profileSchema, response: { 200: profileResponseSchema } } },
        async (request) => updateProfile(db, currentUser(request).id, request.body),
      );

      owner.get(
        '/api/me/settings',
        { schema: { tags, response: { 200: settingsSchema } } },
        async (request) => getSettings(db, currentUser(request).id),
      );

      owner.put(
        '/api/me/settings',
        { schema: { tags, body: settingsSchema, response: { 200: settingsSchema } } },
        async (request) => updateSettings(db, currentUser(request).id, request.body),
      );

      owner.post(
        '/api/me/delete',
        {
          schema: {
            tags,
            summary:
              'Delete the account after the user typed their e-mail (the last admin cannot: 409); live subscriptions end, orders waiting for stock are canceled and refunded',
            body: deleteAccountSchema,
            response: { 204: z.null() },
          },
        },
        async (request, reply) => {
          const user = currentUser(request);
          await deleteAccount(deletion, user, request.body.confirmEmail, request.ip);
          return reply.status(204).send(null);
        },
      );
    });
  };
}
