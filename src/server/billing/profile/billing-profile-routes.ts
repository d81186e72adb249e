import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminCreditNotesApi } from '../../../domain/api/admin/endpoints';
import { billingProfileApi } from '../../../domain/api/endpoints';
import { currentWorkspace } from '../../auth/session';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import type { AccessGuards } from '../../http/access-guards';
import { serving } from '../../http/serve';
import { taxTreatmentOf } from '../../orders/tax-treatment';
import { creditNotePdf } from '../invoices/credit-note';
import { publishInvoiceSeller } from '../invoices/invoice-seller';
import { getBillingProfile, saveBillingProfile } from './billing-profile';

interface Deps {
  config: Config;
  db: Database;
  guards: AccessGuards;
}

/** A credit note sent as a file download. */
const pdfReply = (reply: FastifyReply, { fileName, pdf }: { fileName: string; pdf: Buffer }) =>
  reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).send(pdf);

/** The billing profile and credit notes (docs/decisions/0013): the session's workspace's only. */
export function billingProfileRoutes({ config, db, guards }: Deps): FastifyPluginAsyncZod {
  const serve = serving(guards);
  return async (app) => {
    // The payments trigger copies the seller from the database: give it today's settings.
    app.addHook('onReady', () => publishInvoiceSeller(db, config));

    serve(app, billingProfileApi.get, async (request) =>
      getBillingProfile(db, currentWorkspace(request).workspaceId),
    );

    serve(app, billingProfileApi.tax, async (request) =>
      taxTreatmentOf(db, config.seller, currentWorkspace(request).workspaceId),
    );

    serve(app, billingProfileApi.save, async (request) =>
      saveBillingProfile(db, currentWorkspace(request), request.body, request.ip),
    );

    serve(app, billingProfileApi.creditNote, async (request, reply) =>
      pdfReply(
        reply,
        await creditNotePdf(
          { db, config },
          currentWorkspace(request).workspaceId,
          request.params.creditNoteId,
        ),
      ),
    );
  };
}

/** Any order's credit note for the admin order detail (docs/decisions/0013). */
export function adminCreditNoteRoutes({ config, db, guards }: Deps): FastifyPluginAsyncZod {
  const serve = serving(guards);
  return async (app) => {
    serve(app, adminCreditNotesApi.pdf, async (request, reply) =>
      pdfReply(reply, await creditNotePdf({ db, config }, null, request.params.creditNoteId)),
    );
  };
}
