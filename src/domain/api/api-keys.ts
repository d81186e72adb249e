import { z } from 'zod';
import { API_KEY_SCOPES } from '../api-keys';
import { rowIdParamSchema, safeText } from '../input-bounds';
import { endpointsUnder } from './endpoint';

// The signed-in customer's API keys (docs/decisions/0011-api-keys.md): declared by the
// server, checked by the web app.

export const createApiKeyBodySchema = z.strictObject({
  name: safeText(100, {
    trim: true,
    min: 1,
    messages: { tooShort: 'Give the key a name.', tooLong: 'A key name is at most 100 characters.' },
  }),
  scope: z.enum(API_KEY_SCOPES),
});

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  hint: z.string().describe('the first characters of the key, to tell keys apart'),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyListSchema = z.object({ keys: z.array(apiKeySchema) });

/** The one answer that carries the whole key: it is stored only as a hash. */
export const createdApiKeySchema = apiKeySchema.extend({
  key: z.string().describe('the whole key, shown this once'),
});

export const apiKeyParamsSchema = z.strictObject({ keyId: rowIdParamSchema });

const endpoint = endpointsUnder('api keys');

export const apiKeysApi = {
  list: endpoint('GET /api/me/api-keys', {
    summary: "The customer's API keys in force (never the keys themselves)",
    response: { 200: apiKeyListSchema },
  }),

  create: endpoint('POST /api/me/api-keys', {
    summary: 'Create an API key; the answer carries the whole key, this once (audit-logged)',
    body: createApiKeyBodySchema,
    response: { 201: createdApiKeySchema },
  }),

  revoke: endpoint('DELETE /api/me/api-keys/:keyId', {
    summary: "Revoke one of the customer's API keys: refused from the next request on (audit-logged)",
    params: apiKeyParamsSchema,
    response: { 204: z.null() },
  }),
};
