import { useQuery } from '@tanstack/react-query';
import { settingsSchema } from '../../../domain/account-schemas';
import { alertSettingsSchema } from '../../../domain/email-preferences';
import { api } from '../../lib/api';
import { putResource } from '../../lib/put-resource';

export const SETTINGS_QUERY_KEY = ['me', 'settings'] as const;

const settings = putResource('/api/me/settings', SETTINGS_QUERY_KEY, settingsSchema);

export const useSettings = () => useQuery(settings.query);

export const saveSettings = settings.save;

export const deleteAccount = (confirmEmail: string) => api('/api/me/delete', { body: { confirmEmail } });

export const ALERT_SETTINGS_QUERY_KEY = ['admin', 'alert-settings'] as const;

const alertSettings = putResource('/api/admin/alert-settings', ALERT_SETTINGS_QUERY_KEY, alertSettingsSchema);

/** The signed-in admin's operator alert toggles. */
export const useAlertSettings = () => useQuery(alertSettings.query);

export const saveAlertSettings = alertSettings.save;
