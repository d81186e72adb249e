import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import {
  apiKeyListSchema,
  type createApiKeyBodySchema,
  createdApiKeySchema,
} from '../../../domain/api/api-keys';
import { api } from '../../lib/api';

// The signed-in customer's API keys (docs/decisions/0011-api-keys.md), on the shared contract.

export const API_KEYS_QUERY_KEY = ['me', 'api-keys'] as const;

export const useApiKeys = () =>
  useQuery({
    queryKey: API_KEYS_QUERY_KEY,
    queryFn: async () => (await api('/api/me/api-keys', { schema: apiKeyListSchema })).keys,
  });

/** The answer carries the whole key, this once. */
export const createApiKey = (body: z.infer<typeof createApiKeyBodySchema>) =>
  api('/api/me/api-keys', { method: 'POST', body, schema: createdApiKeySchema });

export const revokeApiKey = (keyId: number) => api(`/api/me/api-keys/${keyId}`, { method: 'DELETE' });
