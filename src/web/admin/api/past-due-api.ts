import { adminPastDueApi } from '../../../domain/api/admin/endpoints';
import { call } from '../../lib/call';
import { ADMIN_QUERY_KEY } from '../shared/admin-query-key';

export type { AdminPastDueItem } from '../../../domain/api/past-due';

export const pastDueQuery = ({ page }: { page: number }) => ({
  queryKey: [...ADMIN_QUERY_KEY, 'past-due', page],
  queryFn: () => call(adminPastDueApi.page, { query: { page } }),
});
