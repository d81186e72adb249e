import { adminStatsSchema } from '../../../domain/api/admin/stats';
import { api } from '../../lib/api';
import { ADMIN_QUERY_KEY } from './page-schema';

export type { AdminStats } from '../../../domain/api/admin/stats';

export const statsQuery = {
  queryKey: [...ADMIN_QUERY_KEY, 'stats'],
  queryFn: () => api('/api/admin/stats', { schema: adminStatsSchema }),
};
