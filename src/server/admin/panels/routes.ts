import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParams } from '../../../domain/api/admin/paging';
import { newPanelSchema } from '../../../domain/api/admin/panel-input';
import {
  adminPanelsPageSchema,
  adminRevealBodySchema,
  importReportSchema,
  panelsExportQuerySchema,
  panelsQuerySchema,
  restockBodySchema,
  stockChangeSchema,
} from '../../../domain/api/admin/panels';
import { revealedPasswordsSchema } from '../../../domain/api/panels';
import { ADMIN_PANELS_PAGE_SIZE } from '../../../domain/constants';
import { exportFileName } from '../../../domain/csv';
import { actorOf } from '../../auth/actor';
import { ApiError } from '../../http/errors';
import { sendCsv } from '../csv-stream';
import type { AdminDeps } from '../deps';
import { filledOrdersOut } from '../fills';
import { MAX_IMPORT_BYTES } from '../inventory-import/csv-file';
import { createImportService } from '../inventory-import/service';
import { iso, isoOrNull, tags } from '../schemas';
import { exportPanels } from './export';
import { createInventoryService } from './inventory';
import { listPanels, type PanelListItem } from './list';

const panelOut = (p: PanelListItem) => ({
  ...p,
  purchaseDate: isoOrNull(p.purchaseDate),
  createdAt: iso(p.createdAt),
});

/** A 5 MB upload refused with words an operator understands, not Fastify's generic ones. */
function importErrorHandler(error: FastifyError) {
  if (error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
    throw new ApiError(
      413,
      'file_too_large',
      `The file is larger than ${MAX_IMPORT_BYTES / 1024 / 1024} MB; split it and import the parts.`,
    );
  }
  throw error;
}

/** Inventory at scale (D7, D11): list, search, export, add, import, restock, reveal. */
export function adminPanelRoutes(deps: AdminDeps): FastifyPluginAsyncZod {
  const { db, cipher, now } = deps;
  const inventory = createInventoryService(deps);
  const imports = createImportService(deps);

  return async (app) => {
    app.addContentTypeParser(
      'text/csv',
      { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES },
      (_req, body, done) => done(null, body),
    );

    app.get(
      '/api/admin/panels',
      {
        schema: {
          tags,
          summary: 'A page of the inventory (10 per page), searched by e-mail, filtered by status and sorted',
          querystring: panelsQuerySchema,
          response: { 200: adminPanelsPageSchema },
        },
      },
      async (request) => {
        const page = await listPanels(db, { ...request.query, pageSize: ADMIN_PANELS_PAGE_SIZE });
        return { ...page, items: page.items.map(panelOut) };
      },
    );

    app.get(
      '/api/admin/panels/export',
      {
        // A HEAD would run (and audit-log) a whole export only to throw the body away.
        exposeHeadRoute: false,
        schema: {
          tags,
          summary: 'Every panel matching the filter as CSV, streamed (passwords included; audit-logged)',
          querystring: panelsExportQuerySchema,
        },
      },
      async (request, reply) => {
        const chunks = await exportPanels(db, cipher, request.query, actorOf(request));
        return sendCsv(reply, exportFileName('admin_panels', now()), chunks);
      },
    );

    app.post(
      '/api/admin/panels',
      {
        schema: {
          tags,
          summary: 'Add one panel to stock (password encrypted); waiting orders are filled from it',
          body: newPanelSchema,
          response: { 201: stockChangeSchema },
        },
      },
      async (request, reply) => {
        const change = await inventory.add(request.body, actorOf(request));
        return reply
          .status(201)
          .send({ id: change.panelId, filledOrders: filledOrdersOut(change.filledOrders) });
      },
    );

    app.post(
      '/api/admin/panels/import',
      {
        bodyLimit: MAX_IMPORT_BYTES,
        errorHandler: importErrorHandler,
        schema: {
          tags,
          summary: 'Import panels from a CSV file (text/csv, at most 5 MB and 50,000 rows)',
          description:
            'Header required: email,password[,domains][,max_mailboxes]. domains 1-10,000 (default 699), ' +
            'max_mailboxes 1-100,000 (default 2,000). Bad rows are reported and skipped; the good ones ' +
            'go in together. A file that is not CSV or lacks the header is refused whole (400).',
          consumes: ['text/csv'],
          body: z.string(),
          response: { 200: importReportSchema },
        },
      },
      async (request) => {
        const report = await imports.importCsv(request.body, actorOf(request));
        return { ...report, filledOrders: filledOrdersOut(report.filledOrders) };
      },
    );

    app.post(
      '/api/admin/panels/reveal',
      {
        schema: {
          tags,
          summary: 'Decrypt panel passwords (at most 100) for display or a selection export; audit-logged',
          body: adminRevealBodySchema,
          response: { 200: revealedPasswordsSchema },
        },
      },
      async (request) => ({
        passwords: await inventory.reveal(request.body.ids, request.body.purpose, actorOf(request)),
      }),
    );

    app.post(
      '/api/admin/panels/:id/restock',
      {
        schema: {
          tags,
          summary: 'Put a retired panel back in stock with a new password; waiting orders are filled from it',
          params: idParams,
          body: restockBodySchema,
          response: { 200: stockChangeSchema },
        },
      },
      async (request) => {
        const change = await inventory.restock(request.params.id, request.body.password, actorOf(request));
        return { id: change.panelId, filledOrders: filledOrdersOut(change.filledOrders) };
      },
    );
  };
}
