import { useEffect } from 'react';
import { SESSION_TIMEOUT_MINUTES } from '../../domain/constants';
import { useSettings } from './api/settings-api';
import { startIdleTimer } from './idle-timer';
import { lastActivityAt } from './last-activity';
import { useSessionActions } from './session';

/**
 * Session Timeout (D9): the server ends a session after 30 minutes without a request from the
 * person, but it only finds out at the next request. An open tab must not keep showing the
 * account meanwhile: at the same moment it forgets everything it holds and goes to /login,
 * which says why. The moment comes from the last activity shared by every tab of the browser
 * (last-activity.ts). Off when the user turned Session Timeout off; on when the setting cannot
 * be read, as by default.
 */
export function useIdleSignOut(): void {
  const { data: settings } = useSettings();
  const { timeOut } = useSessionActions();
  const enabled = settings?.sessionTimeout !== false;
  useEffect(() => {
    if (!enabled) return;
    return startIdleTimer({ limitMs: SESSION_TIMEOUT_MINUTES * 60_000, lastActivityAt, onIdle: timeOut });
  }, [enabled, timeOut]);
}
