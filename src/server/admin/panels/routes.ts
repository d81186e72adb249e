import type { FastifyError } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminPanelsApi } from '../../../domain/api/admin/endpoints';
import { ADMIN_PANELS_PAGE_SIZE } from '../../../domain/constants';
import { actorOf } from '../../auth/actor';
import { ApiError } from '../../http/errors';
import { serving } from '../../http/serve';
import { serveCsvExport } from '../csv-stream';
import type { AdminDeps } from '../deps';
import { filledOrdersOut } from '../fills';
import { MAX_IMPORT_BYTES } from '../inventory-import/csv-file';
import { createImportService } from '../inventory-import/service';
import { pageOut } from '../paging';
import { iso, isoOrNull } from '../schemas';
import { exportPanels } from './export';
import { createInventoryService } from './inventory';
import { listPanels, type PanelListItem } from './list';

const panelOut = (p: PanelListItem) => ({
  ...p,
  purchaseDate: isoOrNull(p.purchaseDate),
  createdAt: iso(p.createdAt),
  endedAt: isoOrNull(p.endedAt),
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
  const serve = serving(deps.guards);
  const { db, cipher, now } = deps;
  const inventory = createInventoryService(deps);
  const imports = createImportService(deps);

  return async (app) => {
    app.addContentTypeParser(
      'text/csv',
      { parseAs: 'string', bodyLimit: MAX_IMPORT_BYTES },
      (_req, body, done) => done(null, body),
    );

    serve(app, adminPanelsApi.page, async (request) =>
      pageOut(await listPanels(db, { ...request.query, pageSize: ADMIN_PANELS_PAGE_SIZE }), panelOut),
    );

    serveCsvExport(serve, app, adminPanelsApi.export, now, (request) =>
      exportPanels(db, cipher, request.query, actorOf(request)),
    );

    serve(app, adminPanelsApi.add, async (request, reply) => {
      const change = await inventory.add(request.body, actorOf(request));
      return reply
        .status(201)
        .send({ id: change.panelId, filledOrders: filledOrdersOut(change.filledOrders) });
    });

    serve(
      app,
      adminPanelsApi.importCsv,
      async (request) => {
        const report = await imports.importCsv(request.body, actorOf(request));
        return { ...report, filledOrders: filledOrdersOut(report.filledOrders) };
      },
      { bodyLimit: MAX_IMPORT_BYTES, errorHandler: importErrorHandler },
    );

    serve(app, adminPanelsApi.reveal, async (request) => ({
      passwords: await inventory.reveal(request.body.ids, request.body.purpose, actorOf(request)),
    }));

    serve(app, adminPanelsApi.restock, async (request) => {
      const change = await inventory.restock(request.params.id, request.body.password, actorOf(request));
      return { id: change.panelId, filledOrders: filledOrdersOut(change.filledOrders) };
    });
  };
}
