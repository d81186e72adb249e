import { z } from 'zod';
import { ADMIN_PANEL_SORTS, DEFAULT_ADMIN_PANEL_SORT } from '../../admin-panel-sort';
import { ADMIN_PANELS_PAGE_SIZE } from '../../constants';
import { rowIdSchema } from '../../input-bounds';
import { PANEL_STATUSES } from '../../status';
import { pageResponse, pageSchema, searchSchema, timestamp } from './paging';
import { panelPasswordSchema } from './panel-input';

// The inventory at scale (D7, D11): declared by the server, checked by the web app. What an
// admin may put into stock is panel-input.ts (the CSV import's rules too).

const statusSchema = z.enum(PANEL_STATUSES).optional().describe('available, sold, expired or retired');

export const panelsExportQuerySchema = z.strictObject({ search: searchSchema, status: statusSchema });

export const panelsQuerySchema = panelsExportQuerySchema.extend({
  page: pageSchema(ADMIN_PANELS_PAGE_SIZE),
  sort: z
    .enum(ADMIN_PANEL_SORTS)
    .default(DEFAULT_ADMIN_PANEL_SORT)
    .describe(
      'newest (default) or oldest created, email_asc or email_desc, status_asc or status_desc, purchase_date_desc or purchase_date_asc (never-sold panels last)',
    ),
});

const adminPanelSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(PANEL_STATUSES),
  /** Who bought it (sold, expired); null for stock. */
  owner: z.object({ id: z.string(), email: z.string() }).nullable(),
  orderId: z.number().int().nullable(),
  purchaseDate: timestamp.nullable(),
  domains: z.number().int(),
  currentMailboxes: z.number().int(),
  maxMailboxes: z.number().int(),
  createdAt: timestamp,
  endedAt: timestamp
    .nullable()
    .describe(
      "when its order's subscription ended it (retired: rotate its credentials and restock it); null otherwise",
    ),
});
export type AdminPanel = z.infer<typeof adminPanelSchema>;

export const adminPanelsPageSchema = pageResponse(adminPanelSchema);

/** Orders that took panels right after stock arrived (D7), as a stock change reports them. */
const filledOrdersSchema = z
  .array(z.object({ orderId: z.number().int(), assignedNow: z.number().int(), completed: z.boolean() }))
  .describe('Waiting orders that received panels from this change, oldest first');
export type FilledOrders = z.infer<typeof filledOrdersSchema>;

export const stockChangeSchema = z.object({ id: z.number().int(), filledOrders: filledOrdersSchema });
export type StockChange = z.infer<typeof stockChangeSchema>;

export const importReportSchema = z.object({
  accepted: z.number().int(),
  rejected: z.array(z.object({ line: z.number().int(), email: z.string(), reason: z.string() })),
  filledOrders: filledOrdersSchema,
});
export type ImportReport = z.infer<typeof importReportSchema>;

export const adminRevealBodySchema = z.strictObject({
  ids: z.array(rowIdSchema).min(1).max(100, 'Reveal at most 100 panels at a time.'),
  purpose: z.enum(['reveal', 'export']).default('reveal'),
});

/** A retired panel goes back into stock with a new password. */
export const restockBodySchema = z.strictObject({ password: panelPasswordSchema });
