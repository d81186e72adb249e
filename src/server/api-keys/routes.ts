import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiKeysApi } from '../../domain/api/endpoints';
import { currentWorkspace } from '../auth/session';
import type { Database } from '../db/client';
import type { AccessGuards } from '../http/access-guards';
import { serving } from '../http/serve';
import { createApiKey, listApiKeys, revokeApiKey } from './service';

/**
 * The signed-in customer's API keys. Managed with the session only: a key cannot make or
 * revoke keys (these routes never read the Authorization header), so a leaked key cannot
 * outlive its revocation by minting another.
 */
export function apiKeyRoutes(deps: { db: Database; guards: AccessGuards }): FastifyPluginAsyncZod {
  const { db } = deps;
  const serve = serving(deps.guards);
  return async (app) => {
    serve(app, apiKeysApi.list, async (request) => ({
      keys: await listApiKeys(db, currentWorkspace(request).workspaceId),
    }));

    serve(app, apiKeysApi.create, async (request, reply) => {
      const created = await createApiKey(db, { ...currentWorkspace(request), ip: request.ip }, request.body);
      return reply.status(201).send(created);
    });

    serve(app, apiKeysApi.revoke, async (request, reply) => {
      await revokeApiKey(db, { ...currentWorkspace(request), ip: request.ip }, request.params.keyId);
      return reply.status(204).send(null);
    });
  };
}
