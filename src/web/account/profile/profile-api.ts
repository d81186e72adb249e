import { useQuery } from '@tanstack/react-query';
import type { ProfileInput } from '../../../domain/account-schemas';
import { profileResponseSchema } from '../../../domain/api/account';
import { api } from '../../lib/api';

export const PROFILE_QUERY_KEY = ['me', 'profile'] as const;

export type { Profile } from '../../../domain/api/account';

export const useProfile = () =>
  useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: () => api('/api/me/profile', { schema: profileResponseSchema }),
  });

export const saveProfile = (input: ProfileInput) =>
  api('/api/me/profile', { method: 'PUT', body: input, schema: profileResponseSchema });
