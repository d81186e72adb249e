import { adminSystemApi } from '../../../domain/api/admin/endpoints';
import { call } from '../../lib/call';
import { ADMIN_QUERY_KEY } from '../shared/admin-query-key';

export type {
  FailingWebhook,
  GivenUpEmail,
  OutboxQueue,
  SystemStatus,
  SystemSweep,
} from '../../../domain/api/admin/system';

export const systemQuery = {
  queryKey: [...ADMIN_QUERY_KEY, 'system'],
  queryFn: () => call(adminSystemApi.status),
};

export function retryEmail(id: number) {
  return call(adminSystemApi.retryEmail, { params: { id } });
}
