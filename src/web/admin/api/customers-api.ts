import type { Role } from '../../../domain/api/admin/customers';
import { adminCustomersApi } from '../../../domain/api/admin/endpoints';
import { call } from '../../lib/call';
import { ADMIN_QUERY_KEY } from '../shared/admin-query-key';

export type { AdminCustomer, CustomerDetail, Role } from '../../../domain/api/admin/customers';

export interface CustomerFilter {
  search?: string | undefined;
  role?: Role | undefined;
}

export const customersQuery = (filter: CustomerFilter & { page: number }) => ({
  queryKey: [...ADMIN_QUERY_KEY, 'customers', filter],
  queryFn: () => call(adminCustomersApi.page, { query: filter }),
});

export const customerDetailQuery = (id: string) => ({
  queryKey: [...ADMIN_QUERY_KEY, 'customer', id],
  queryFn: () => call(adminCustomersApi.one, { params: { id } }),
});

export function changeRole(id: string, role: Role) {
  return call(adminCustomersApi.setRole, { params: { id }, body: { role } });
}
