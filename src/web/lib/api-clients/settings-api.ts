import { useQuery } from '@tanstack/react-query';
import { settingsSchema } from '../../../domain/account-schemas';
import { putResource } from '../put-resource';

/**
 * The signed-in person's settings: the settings page edits them, and the tab's idle sign-out
 * (lib/idle-sign-out.ts) reads Session Timeout, so they live with the shared clients.
 */
export const SETTINGS_QUERY_KEY = ['me', 'settings'] as const;

const settings = putResource('/api/me/settings', SETTINGS_QUERY_KEY, settingsSchema);

export const useSettings = () => useQuery(settings.query);

export const saveSettings = settings.save;
