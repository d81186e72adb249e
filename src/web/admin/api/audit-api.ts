import { z } from 'zod';
import { api } from '../../lib/api';
import { withQuery } from './list-query';
import { ADMIN_QUERY_KEY, pageSchema } from './page-schema';

const entrySchema = z.object({
  id: z.number(),
  at: z.string(),
  action: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof entrySchema>;

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
  queryFn: () => api(withQuery('/api/admin/audit', { ...filter }), { schema: pageSchema(entrySchema) }),
});
