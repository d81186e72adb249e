import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ProfileInput } from '../../../domain/account-schemas';
import { profileResponseSchema } from '../../../domain/api/account';
import { putResource } from '../../lib/put-resource';

export const PROFILE_QUERY_KEY = ['me', 'profile'] as const;

export type { Profile } from '../../../domain/api/account';

const profile = putResource<z.infer<typeof profileResponseSchema>, ProfileInput>(
  '/api/me/profile',
  PROFILE_QUERY_KEY,
  profileResponseSchema,
);

export const useProfile = () => useQuery(profile.query);

export const saveProfile = profile.save;
