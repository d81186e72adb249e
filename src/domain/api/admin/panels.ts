import { z } from 'zod';
import { ADMIN_PANEL_SORTS, DEFAULT_ADMIN_PANEL_SORT } from '../../admin-panel-sort';
import { ADMIN_PANELS_PAGE_SIZE } from '../../constants';
import { rowIdSchema } from '../../input-bounds';
import { PANEL_STATUSES } from '../../status';
import { endpointsUnder } from '../endpoint';
import { revealedPasswordsSchema } from '../panels';
import { idParams, pageResponse, pageSchema, searchSchema, timestamp } from './paging';
import { newPanelSchema, panelPasswordSchema } from './panel-input';

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

const endpoint = endpointsUnder('admin');

export const adminPanelsApi = {
  page: endpoint('GET /api/admin/panels', {
    summary: 'A page of the inventory (10 per page), searched by e-mail, filtered by status and sorted',
    querystring: panelsQuerySchema,
    response: { 200: adminPanelsPageSchema },
  }),

  export: endpoint('GET /api/admin/panels/export', {
    summary: 'Every panel matching the filter as CSV, streamed (passwords included; audit-logged)',
    querystring: panelsExportQuerySchema,
  }),

  add: endpoint('POST /api/admin/panels', {
    summary: 'Add one panel to stock (password encrypted); waiting orders are filled from it',
    body: newPanelSchema,
    response: { 201: stockChangeSchema },
  }),

  importCsv: endpoint('POST /api/admin/panels/import', {
    summary: 'Import panels from a CSV file (text/csv, at most 5 MB and 50,000 rows)',
    description:
      'Header required: email,password[,domains][,max_mailboxes]. domains 1-10,000 (default 699), ' +
      'max_mailboxes 1-100,000 (default 2,000). Bad rows are reported and skipped; the good ones ' +
      'go in together. A file that is not CSV or lacks the header is refused whole (400).',
    consumes: ['text/csv'],
    body: z.string(),
    response: { 200: importReportSchema },
  }),

  reveal: endpoint('POST /api/admin/panels/reveal', {
    summary: 'Decrypt panel passwords (at most 100) for display or a selection export; audit-logged',
    body: adminRevealBodySchema,
    response: { 200: revealedPasswordsSchema },
  }),

  restock: endpoint('POST /api/admin/panels/:id/restock', {
    summary: 'Put a retired panel back in stock with a new password; waiting orders are filled from it',
    params: idParams,
    body: restockBodySchema,
    response: { 200: stockChangeSchema },
  }),
};
