import { z } from 'zod';
import { safeText } from '../../input-bounds';
import { pageResponse, pageSchema, timestamp } from './paging';

/** Audit entries per page (D11). */
export const AUDIT_PAGE_SIZE = 20;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: timestamp,
  action: z.string(),
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable() }),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditQuerySchema = z.strictObject({
  action: safeText(100).optional().describe("An action ('panels.revealed') or family ('panels')"),
  actor: safeText(200).optional().describe('A user id or part of the actor e-mail'),
  q: safeText(200).optional().describe('Text in the target, details, actor e-mail or ip'),
  page: pageSchema(AUDIT_PAGE_SIZE),
});

export const auditPageSchema = pageResponse(auditEntrySchema);
