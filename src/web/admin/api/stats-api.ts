import { adminStatsApi } from '../../../domain/api/admin/endpoints';
import { call } from '../../lib/call';
import { ADMIN_QUERY_KEY } from '../shared/admin-query-key';

export type { AdminStats } from '../../../domain/api/admin/stats';

export const statsQuery = {
  queryKey: [...ADMIN_QUERY_KEY, 'stats'],
  queryFn: () => call(adminStatsApi.stats),
};
