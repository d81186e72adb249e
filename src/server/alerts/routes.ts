import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { alertSettingsApi } from '../../domain/api/admin/endpoints';
import { currentUser } from '../auth/session';
import type { Database } from '../db/client';
import type { AccessGuards } from '../http/access-guards';
import { serving } from '../http/serve';
import { getAlertSettings, saveAlertSettings } from './settings';

/** The signed-in admin's own operator alert toggles (the 'Operator alerts' card in /settings). */
export function alertSettingsRoutes(deps: { db: Database; guards: AccessGuards }): FastifyPluginAsyncZod {
  const serve = serving(deps.guards);
  return async (app) => {
    serve(app, alertSettingsApi.get, async (request) => getAlertSettings(deps.db, currentUser(request).id));

    serve(app, alertSettingsApi.save, async (request) =>
      saveAlertSettings(deps.db, currentUser(request).id, request.body),
    );
  };
}
