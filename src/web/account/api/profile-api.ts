import { useQuery } from '@tanstack/react-query';
import type { ProfileInput } from '../../../domain/account-schemas';
import { accountApi } from '../../../domain/api/endpoints';
import { call } from '../../lib/call';

export const PROFILE_QUERY_KEY = ['me', 'profile'] as const;

export type { Profile } from '../../../domain/api/account';

export const useProfile = () =>
  useQuery({ queryKey: PROFILE_QUERY_KEY, queryFn: () => call(accountApi.profile) });

/** Answers with the profile as stored (for setQueryData). */
export const saveProfile = (body: ProfileInput) => call(accountApi.saveProfile, { body });
