import { z } from 'zod';
import { api } from '../../lib/api';
import { ADMIN_QUERY_KEY, countSchema } from './page-schema';

const statsSchema = z.object({
  totalPanels: countSchema,
  activePanels: countSchema,
  totalOrders: countSchema,
  waitingOrders: z.number(),
  panelsNeeded: z.number(),
  panelsShort: z.number(),
});
export type AdminStats = z.infer<typeof statsSchema>;

export const statsQuery = {
  queryKey: [...ADMIN_QUERY_KEY, 'stats'],
  queryFn: () => api('/api/admin/stats', { schema: statsSchema }),
};
