import { adminSandboxClockApi } from '../../../domain/api/admin/endpoints';
import { call } from '../../lib/call';
import { ADMIN_QUERY_KEY } from '../shared/admin-query-key';

export type { SandboxClockState } from '../../../domain/api/admin/sandbox-clock';

export const sandboxClockQuery = {
  queryKey: [...ADMIN_QUERY_KEY, 'sandbox-clock'],
  queryFn: () => call(adminSandboxClockApi.state),
};

export function advanceSandboxClock(advanceDays: number) {
  return call(adminSandboxClockApi.advance, { body: { advanceDays } });
}
