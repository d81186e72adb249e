import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CUSTOMER_PANELS_PAGE_SIZE } from '../../domain/constants';
import { rowIdSchema, safeText } from '../../domain/input-bounds';
import { currentUser, type SessionGuards } from '../auth/session';
import type { PanelCipher } from '../crypto/panel-password';
import type { Database } from '../db/client';
import { customerPageFacts, customerPageSchema } from '../orders/customer-paging';
import { pageOfActivePanels, pageOfPastPanels, revealPanelPasswords } from './service';

const panelSchema = z.object({
  id: z.number(),
  orderId: z.number().nullable(),
  email: z.string(),
  purchaseDate: z.string().nullable(),
  status: z.enum(['active', 'processing']),
  domains: z.number(),
  currentMailboxes: z.number(),
  maxMailboxes: z.number(),
});

const pastPanelSchema = z.object({
  id: z.number(),
  orderId: z.number().nullable(),
  email: z.string(),
  purchaseDate: z.string().nullable(),
  status: z.enum(['expired', 'refunded']),
  endedAt: z.string().describe('the refund date, or the end of the paid period'),
});

/**
 * The customer's own panels (D7, D8): every read filters by the session's user, so another
 * customer's panels are never in a page. The lists were documented with the orders and the
 * reveal with billing; the OpenAPI tags keep those headings.
 */
export function panelRoutes(deps: {
  db: Database;
  guards: SessionGuards;
  cipher: PanelCipher;
}): FastifyPluginAsyncZod {
  const { db } = deps;
  return async (app) => {
    app.addHook('onRequest', deps.guards.requireUser);

    app.get(
      '/api/me/panels',
      {
        schema: {
          tags: ['orders'],
          summary:
            "A page of the customer's active panels, searched by e-mail (passwords are revealed separately)",
          querystring: z.strictObject({
            page: customerPageSchema(CUSTOMER_PANELS_PAGE_SIZE),
            search: safeText(200, { messages: { tooLong: 'Search is at most 200 characters.' } })
              .optional()
              .describe('part of the e-mail, any case'),
          }),
          response: { 200: z.object({ panels: z.array(panelSchema), ...customerPageFacts }) },
        },
      },
      async (request) =>
        pageOfActivePanels(db, currentUser(request).id, {
          ...request.query,
          pageSize: CUSTOMER_PANELS_PAGE_SIZE,
        }),
    );

    app.get(
      '/api/me/panels/past',
      {
        schema: {
          tags: ['orders'],
          summary: "A page of the customer's expired and refunded panels (never their passwords)",
          querystring: z.strictObject({ page: customerPageSchema(CUSTOMER_PANELS_PAGE_SIZE) }),
          response: { 200: z.object({ panels: z.array(pastPanelSchema), ...customerPageFacts }) },
        },
      },
      async (request) =>
        pageOfPastPanels(db, currentUser(request).id, {
          ...request.query,
          pageSize: CUSTOMER_PANELS_PAGE_SIZE,
        }),
    );

    app.post(
      '/api/me/panels/reveal',
      {
        schema: {
          tags: ['billing'],
          summary: 'Decrypt own panel passwords for display or export (audit-logged)',
          body: z.strictObject({
            ids: z.array(rowIdSchema).min(1).max(2000),
            purpose: z.enum(['reveal', 'export']),
          }),
          response: {
            200: z.object({ passwords: z.array(z.object({ id: z.number(), password: z.string() })) }),
          },
        },
      },
      async (request) => ({
        passwords: await revealPanelPasswords(deps, currentUser(request), {
          ...request.body,
          ip: request.ip,
        }),
      }),
    );
  };
}
