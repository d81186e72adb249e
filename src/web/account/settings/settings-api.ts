import { useQuery } from '@tanstack/react-query';
import { settingsSchema, type UserSettings } from '../../../domain/account-schemas';
import { type AlertSettings, alertSettingsSchema } from '../../../domain/email-preferences';
import { api } from '../../lib/api';

export const SETTINGS_QUERY_KEY = ['me', 'settings'] as const;

export const useSettings = () =>
  useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: () => api('/api/me/settings', { schema: settingsSchema }),
  });

export const saveSettings = (settings: UserSettings) =>
  api('/api/me/settings', { method: 'PUT', body: settings, schema: settingsSchema });

export const deleteAccount = (confirmEmail: string) => api('/api/me/delete', { body: { confirmEmail } });

export const ALERT_SETTINGS_QUERY_KEY = ['admin', 'alert-settings'] as const;

/** The signed-in admin's operator alert toggles. */
export const useAlertSettings = () =>
  useQuery({
    queryKey: ALERT_SETTINGS_QUERY_KEY,
    queryFn: () => api('/api/admin/alert-settings', { schema: alertSettingsSchema }),
  });

export const saveAlertSettings = (settings: AlertSettings) =>
  api('/api/admin/alert-settings', { method: 'PUT', body: settings, schema: alertSettingsSchema });
