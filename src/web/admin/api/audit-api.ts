import { adminAuditApi } from '../../../domain/api/admin/endpoints';
import { call } from '../../lib/call';
import { ADMIN_QUERY_KEY } from '../shared/admin-query-key';

export type { AuditEntry } from '../../../domain/api/admin/audit';

export interface AuditFilter {
  /** An exact action ('panels.revealed') or a family ('inventory'). */
  action?: string | undefined;
  /** A user id or part of the actor's e-mail. */
  actor?: string | undefined;
  /** Text in the target, details, actor e-mail or IP. */
  q?: string | undefined;
}

export const auditQuery = (filter: AuditFilter & { page: number }) => ({
  queryKey: [...ADMIN_QUERY_KEY, 'audit', filter],
  queryFn: () => call(adminAuditApi.page, { query: filter }),
});
