import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { createApiKeyBodySchema } from '../../../domain/api/api-keys';
import { apiKeysApi } from '../../../domain/api/endpoints';
import { call } from '../../lib/call';

// The signed-in customer's API keys (docs/decisions/0011-api-keys.md), on the shared contract.

export const API_KEYS_QUERY_KEY = ['me', 'api-keys'] as const;

export const useApiKeys = () =>
  useQuery({
    queryKey: API_KEYS_QUERY_KEY,
    queryFn: async () => (await call(apiKeysApi.list)).keys,
  });

/** The answer carries the whole key, this once. */
export const createApiKey = (body: z.input<typeof createApiKeyBodySchema>) =>
  call(apiKeysApi.create, { body });

export const revokeApiKey = (keyId: number) => call(apiKeysApi.revoke, { params: { keyId } });
