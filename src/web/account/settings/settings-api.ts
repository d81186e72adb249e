import { useQuery } from '@tanstack/react-query';
import { alertSettingsSchema } from '../../../domain/email-preferences';
import { api } from '../../lib/api';
import { putResource } from '../../lib/put-resource';

export const deleteAccount = (confirmEmail: string) => api('/api/me/delete', { body: { confirmEmail } });

export const ALERT_SETTINGS_QUERY_KEY = ['admin', 'alert-settings'] as const;

const alertSettings = putResource('/api/admin/alert-settings', ALERT_SETTINGS_QUERY_KEY, alertSettingsSchema);

/** The signed-in admin's operator alert toggles. */
export const useAlertSettings = () => useQuery(alertSettings.query);

export const saveAlertSettings = alertSettings.save;
