import { z } from 'zod';
import { ADMIN_WORKSPACE_MEMBERS_SHOWN } from '../../constants';
import { safeText } from '../../input-bounds';
import { PANEL_STATUSES } from '../../status';
import { WORKSPACE_ROLES } from '../../workspaces/roles';
import { adminOrderSchema } from './orders';
import { pageResponse, pageSchema, searchSchema, timestamp } from './paging';

// Customers (D11) and the admin role (D2): declared by the server, checked by the web app.

export const CUSTOMERS_PAGE_SIZE = 10;

const roleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof roleSchema>;

export const userParamsSchema = z.strictObject({ id: safeText(100, { min: 1 }) });

export const customersQuerySchema = z.strictObject({
  search: searchSchema.describe('Part of the e-mail or name (3+ characters), or a user id'),
  role: roleSchema.optional(),
  page: pageSchema(CUSTOMERS_PAGE_SIZE),
});

const customerSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role: z.string(),
  createdAt: timestamp,
  orderCount: z.number().int(),
  panelCount: z.number().int().describe('Active (sold) panels'),
  totalSpentCents: z.number().int().describe('Completed payments; refunded ones are not counted'),
});
export type AdminCustomer = z.infer<typeof customerSchema>;

export const customersPageSchema = pageResponse(customerSchema);

export const customerDetailSchema = z.object({
  customer: customerSchema.extend({
    emailVerified: z.boolean(),
    twoFactorEnabled: z.boolean(),
    companyName: z.string().nullable(),
    phone: z.string().nullable(),
    country: z.string().nullable(),
  }),
  /** The orders list's rows, without the customer they all share. */
  orders: z.array(adminOrderSchema.omit({ customer: true })),
  panels: z.array(
    z.object({
      id: z.number().int(),
      email: z.string(),
      status: z.enum(PANEL_STATUSES),
      orderId: z.number().int().nullable(),
      purchaseDate: timestamp.nullable(),
      maxMailboxes: z.number().int(),
    }),
  ),
  /** The workspaces the customer belongs to (docs/decisions/0023-workspaces.md), personal first. */
  workspaces: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      personal: z.boolean(),
      role: z.enum(WORKSPACE_ROLES).describe("the customer's role in it"),
      members: z
        .array(z.object({ userId: z.string(), email: z.string(), role: z.enum(WORKSPACE_ROLES) }))
        .max(ADMIN_WORKSPACE_MEMBERS_SHOWN)
        .describe(
          `The first ${ADMIN_WORKSPACE_MEMBERS_SHOWN} members with their role: the owner, then by joining`,
        ),
      memberCount: z.number().int().describe('Everyone in it, including those not listed'),
    }),
  ),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const customerRoleSchema = z.strictObject({ role: roleSchema });
/** The role the user has now. */
export const customerRoleChangedSchema = z.object({ role: roleSchema });
