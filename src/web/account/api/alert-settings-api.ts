import { useQuery } from '@tanstack/react-query';
import { alertSettingsApi } from '../../../domain/api/admin/endpoints';
import type { AlertSettings } from '../../../domain/email-preferences';
import { call } from '../../lib/call';

export const ALERT_SETTINGS_QUERY_KEY = ['admin', 'alert-settings'] as const;

/** The signed-in admin's operator alert toggles. */
export const useAlertSettings = () =>
  useQuery({ queryKey: ALERT_SETTINGS_QUERY_KEY, queryFn: () => call(alertSettingsApi.get) });

/** Answers with the toggles as stored (for setQueryData). */
export const saveAlertSettings = (body: AlertSettings) => call(alertSettingsApi.save, { body });
