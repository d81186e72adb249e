import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  apiKeyListSchema,
  apiKeyParamsSchema,
  createApiKeyBodySchema,
  createdApiKeySchema,
} from '../../domain/api/api-keys';
import { currentUser, type SessionGuards } from '../auth/session';
import type { Database } from '../db/client';
import { createApiKey, listApiKeys, revokeApiKey } from './service';

const tags = ['api keys'];

/**
 * The signed-in customer's API keys. Managed with the session only: a key cannot make or
 * revoke keys (these routes never read the Authorization header), so a leaked key cannot
 * outlive its revocation by minting another.
 */
export function apiKeyRoutes(deps: { db: Database; guards: SessionGuards }): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.addHook('onRequest', deps.guards.requireUser);

    app.get(
      '/api/me/api-keys',
      {
        schema: {
          tags,
          summary: "The customer's API keys in force (never the keys themselves)",
          response: { 200: apiKeyListSchema },
        },
      },
      async (request) => ({ keys: await listApiKeys(db, currentUser(request).id) }),
    );

    app.post(
      '/api/me/api-keys',
      {
        schema: {
          tags,
          summary: 'Create an API key; the answer carries the whole key, this once (audit-logged)',
          body: createApiKeyBodySchema,
          response: { 201: createdApiKeySchema },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        const created = await createApiKey(
          db,
          { id: user.id, email: user.email, ip: request.ip },
          request.body,
        );
        return reply.status(201).send(created);
      },
    );

    app.delete(
      '/api/me/api-keys/:keyId',
      {
        schema: {
          tags,
          summary: "Revoke one of the customer's API keys: refused from the next request on (audit-logged)",
          params: apiKeyParamsSchema,
          response: { 204: z.null() },
        },
      },
      async (request, reply) => {
        const user = currentUser(request);
        await revokeApiKey(db, { id: user.id, email: user.email, ip: request.ip }, request.params.keyId);
        return reply.status(204).send(null);
      },
    );
  };
}
