import { z } from 'zod';
import { ORDER_STATUSES, PANEL_STATUSES } from '../../../domain/status';
import { api } from '../../lib/api';
import { withQuery } from './list-query';
import { ADMIN_QUERY_KEY, pageSchema } from './page-schema';

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

const customerSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  createdAt: z.string(),
  orderCount: z.number(),
  /** Active (sold) panels. */
  panelCount: z.number(),
  /** Completed payments; refunded ones are not counted. */
  totalSpentCents: z.number(),
});
export type AdminCustomer = z.infer<typeof customerSchema>;

export interface CustomerFilter {
  search?: string | undefined;
  role?: Role | undefined;
}

export const customersQuery = (filter: CustomerFilter & { page: number }) => ({
  queryKey: [...ADMIN_QUERY_KEY, 'customers', filter],
  queryFn: () =>
    api(withQuery('/api/admin/customers', { ...filter }), { schema: pageSchema(customerSchema) }),
});

const detailSchema = z.object({
  customer: customerSchema.extend({
    emailVerified: z.boolean(),
    twoFactorEnabled: z.boolean(),
    companyName: z.string().nullable(),
    phone: z.string().nullable(),
    country: z.string().nullable(),
  }),
  orders: z.array(
    z.object({
      id: z.number(),
      planId: z.string(),
      quantity: z.number(),
      delivered: z.number(),
      totalCents: z.number(),
      status: z.enum(ORDER_STATUSES),
      createdAt: z.string(),
    }),
  ),
  panels: z.array(
    z.object({
      id: z.number(),
      email: z.string(),
      status: z.enum(PANEL_STATUSES),
      orderId: z.number().nullable(),
      purchaseDate: z.string().nullable(),
    }),
  ),
});
export type CustomerDetail = z.infer<typeof detailSchema>;

export const customerDetailQuery = (id: string) => ({
  queryKey: [...ADMIN_QUERY_KEY, 'customer', id],
  queryFn: () => api(`/api/admin/customers/${encodeURIComponent(id)}`, { schema: detailSchema }),
});

export function changeRole(id: string, role: Role) {
  return api(`/api/admin/customers/${encodeURIComponent(id)}/role`, {
    body: { role },
    schema: z.object({ role: z.enum(ROLES) }),
  });
}
