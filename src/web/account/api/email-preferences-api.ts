import { emailPreferencesApi } from '../../../domain/api/site-endpoints';
import { call } from '../../lib/call';

/** The token is the whole authority: the link works without signing in. */
export const turnOffEmailPreference = (token: string) =>
  call(emailPreferencesApi.turnOff, { query: { token } });
