import { useQuery } from '@tanstack/react-query';
import type { UserSettings } from '../../../domain/account-schemas';
import { accountApi } from '../../../domain/api/endpoints';
import { call } from '../call';

/**
 * The signed-in person's settings: the settings page edits them, and the tab's idle sign-out
 * (lib/idle-sign-out.ts) reads Session Timeout, so they live with the shared clients.
 */
export const SETTINGS_QUERY_KEY = ['me', 'settings'] as const;

export const useSettings = () =>
  useQuery({ queryKey: SETTINGS_QUERY_KEY, queryFn: () => call(accountApi.settings) });

/** Answers with the settings as stored (for setQueryData). */
export const saveSettings = (body: UserSettings) => call(accountApi.saveSettings, { body });
