import { z } from 'zod';
import { API_KEY_SCOPES } from '../api-keys';
import { rowIdParamSchema, safeText } from '../input-bounds';
import { ASSIGNABLE_ROLES, WORKSPACE_ROLES } from '../workspaces/roles';

// The signed-in customer's API keys (docs/decisions/0011-api-keys.md): declared by the
// server, checked by the web app.

export const createApiKeyBodySchema = z.strictObject({
  name: safeText(100, {
    trim: true,
    min: 1,
    messages: { tooShort: 'Give the key a name.', tooLong: 'A key name is at most 100 characters.' },
  }),
  scope: z.enum(API_KEY_SCOPES),
  /** The role the key acts with in the workspace; at most its creator's. Their own role (admin for an owner) when left out. */
  role: z.enum(ASSIGNABLE_ROLES).optional(),
});

export const apiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: z.enum(API_KEY_SCOPES),
  hint: z.string().describe('the first characters of the key, to tell keys apart'),
  role: z
    .enum(WORKSPACE_ROLES)
    .describe('what it may do in the workspace, never more than its creator may now'),
  createdBy: z.string().nullable().describe("its creator's e-mail"),
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
