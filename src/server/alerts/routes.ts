import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alertSettingsSchema } from '../../domain/email-preferences';
import { currentUser, type SessionGuards } from '../auth/session';
import type { Database } from '../db/client';
import { getAlertSettings, saveAlertSettings } from './settings';

const tags = ['admin'];

/** The signed-in admin's own operator alert toggles (the 'Operator alerts' card in /settings). */
export function alertSettingsRoutes(deps: { db: Database; guards: SessionGuards }): FastifyPluginAsyncZod {
  return async (app) => {
    app.addHook('onRequest', deps.guards.requireAdmin);

    app.get(
      '/api/admin/alert-settings',
      {
        schema: {
          tags,
          summary: 'Which operator alerts the signed-in admin receives by e-mail',
          response: { 200: alertSettingsSchema },
        },
      },
      async (request) => getAlertSettings(deps.db, currentUser(request).id),
    );

    app.put(
      '/api/admin/alert-settings',
      {
        schema: {
          tags,
          summary: 'Turn each operator alert on or off for the signed-in admin',
          body: alertSettingsSchema,
          response: { 200: alertSettingsSchema },
        },
      },
      async (request) => saveAlertSettings(deps.db, currentUser(request).id, request.body),
    );
  };
}
