import {
  customerDetailSchema,
  customerRoleChangedSchema,
  customersPageSchema,
  type Role,
} from '../../../domain/api/admin/customers';
import { api } from '../../lib/api';
import { withQuery } from './list-query';
import { ADMIN_QUERY_KEY } from './page-schema';

export type { AdminCustomer, CustomerDetail, Role } from '../../../domain/api/admin/customers';

export interface CustomerFilter {
  search?: string | undefined;
  role?: Role | undefined;
}

export const customersQuery = (filter: CustomerFilter & { page: number }) => ({
  queryKey: [...ADMIN_QUERY_KEY, 'customers', filter],
  queryFn: () => api(withQuery('/api/admin/customers', { ...filter }), { schema: customersPageSchema }),
});

export const customerDetailQuery = (id: string) => ({
  queryKey: [...ADMIN_QUERY_KEY, 'customer', id],
  queryFn: () => api(`/api/admin/customers/${encodeURIComponent(id)}`, { schema: customerDetailSchema }),
});

export function changeRole(id: string, role: Role) {
  return api(`/api/admin/customers/${encodeURIComponent(id)}/role`, {
    body: { role },
    schema: customerRoleChangedSchema,
  });
}
