import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import type { ProfileInput } from '../../../domain/account-schemas';
import { api } from '../../lib/api';

export const PROFILE_QUERY_KEY = ['me', 'profile'] as const;

const profileResponseSchema = z.object({
  fullName: z.string(),
  companyName: z.string(),
  phone: z.string(),
  country: z.string(),
  email: z.string(),
  memberSince: z.string(),
});
export type Profile = z.infer<typeof profileResponseSchema>;

export const useProfile = () =>
  useQuery({
    queryKey: PROFILE_QUERY_KEY,
    queryFn: () => api('/api/me/profile', { schema: profileResponseSchema }),
  });

export const saveProfile = (input: ProfileInput) =>
  api('/api/me/profile', { method: 'PUT', body: input, schema: profileResponseSchema });
