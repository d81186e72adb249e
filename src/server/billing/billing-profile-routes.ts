import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { creditNoteParamsSchema } from '../../domain/api/billing';
import { billingProfileResponseSchema, billingProfileSchema } from '../../domain/api/billing-profile';
import { currentUser, type SessionGuards } from '../auth/session';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { getBillingProfile, saveBillingProfile } from './billing-profile';
import { creditNotePdf } from './credit-note';
import { publishInvoiceSeller } from './invoice-seller';

const tags = ['billing'];

/** The billing profile and credit notes (docs/decisions/0013): the signed-in customer's own only. */
export function billingProfileRoutes(deps: {
  config: Config;
  db: Database;
  guards: SessionGuards;
}): FastifyPluginAsyncZod {
  const { config, db } = deps;
  return async (app) => {
    // The payments trigger copies the seller from the database: give it today's settings.
    app.addHook('onReady', () => publishInvoiceSeller(db, config));
    app.addHook('onRequest', deps.guards.requireUser);

    app.get(
      '/api/me/billing-profile',
      {
        schema: {
          tags,
          summary: 'Who invoices are made out to',
          response: { 200: billingProfileResponseSchema },
        },
      },
      async (request) => getBillingProfile(db, currentUser(request).id),
    );

    app.put(
      '/api/me/billing-profile',
      {
        schema: {
          tags,
          summary: 'Change who new invoices are made out to',
          body: billingProfileSchema,
          response: { 200: billingProfileResponseSchema },
        },
      },
      async (request) => saveBillingProfile(db, currentUser(request), request.body, request.ip),
    );

    app.get(
      '/api/me/credit-notes/:creditNoteId/pdf',
      { schema: { tags, summary: 'A refund as a PDF credit note', params: creditNoteParamsSchema } },
      async (request, reply) => {
        const { fileName, pdf } = await creditNotePdf(
          { db, config },
          currentUser(request).id,
          request.params.creditNoteId,
        );
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(pdf);
      },
    );
  };
}

/** Any order's credit note for the admin order detail (docs/decisions/0013). */
export function adminCreditNoteRoutes(deps: {
  config: Config;
  db: Database;
  guards: SessionGuards;
}): FastifyPluginAsyncZod {
  const { config, db } = deps;
  return async (app) => {
    app.addHook('onRequest', deps.guards.requireAdmin);
    app.get(
      '/api/admin/credit-notes/:creditNoteId/pdf',
      { schema: { tags: ['admin'], summary: 'A credit note as a PDF', params: creditNoteParamsSchema } },
      async (request, reply) => {
        const { fileName, pdf } = await creditNotePdf({ db, config }, null, request.params.creditNoteId);
        return reply
          .type('application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .send(pdf);
      },
    );
  };
}
