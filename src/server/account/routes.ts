import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  deleteAccountSchema,
  profileSchema,
  sessionUserSchema,
  settingsSchema,
} from '../../domain/account-schemas';
import { currentUser, type SessionGuards } from '../auth/session';
import type { Database } from '../db/client';
import { deleteAccount, getProfile, getSettings, updateProfile, updateSettings } from './service';

const profileResponse = profileSchema.extend({ email: z.string(), memberSince: z.string() });
const tags = ['account'];

export function accountRoutes(db: Database, guards: SessionGuards): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('preHandler', guards.requireUser);

    app.get(
      '/api/me',
      {
        schema: {
          tags,
          summary: 'The signed-in user',
          response: { 200: z.object({ user: sessionUserSchema }) },
        },
      },
      async (request) => {
        const { role: _role, ...user } = currentUser(request);
        return { user };
      },
    );

    app.get('/api/me/profile', { schema: { tags, response: { 200: profileResponse } } }, async (request) =>
      getProfile(db, currentUser(request).id),
    );

    app.put(
      '/api/me/profile',
      { schema: { tags, body: profileSchema, response: { 200: profileResponse } } },
      async (request) => updateProfile(db, currentUser(request).id, request.body),
    );

    app.get('/api/me/settings', { schema: { tags, response: { 200: settingsSchema } } }, async (request) =>
      getSettings(db, currentUser(request).id),
    );

    app.put(
      '/api/me/settings',
      { schema: { tags, body: settingsSchema, response: { 200: settingsSchema } } },
      async (request) => updateSettings(db, currentUser(request).id, request.body),
    );

    app.post(
      '/api/me/delete',
      {
        schema: {
          tags,
          summary: 'Delete the account after the user typed their e-mail',
          body: deleteAccountSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        await deleteAccount(db, user, request.body.confirmEmail, request.ip);
        return reply.status(204).send(null);
      },
    );
  };
}
