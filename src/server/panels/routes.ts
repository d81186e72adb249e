import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activePanelsPageSchema,
  activePanelsQuerySchema,
  pastPanelsPageSchema,
  pastPanelsQuerySchema,
  revealBodySchema,
  revealedPasswordsSchema,
} from '../../domain/api/panels';
import { CUSTOMER_PANELS_PAGE_SIZE } from '../../domain/constants';
import { currentUser, type SessionGuards } from '../auth/session';
import type { PanelCipher } from '../crypto/panel-password';
import type { Database } from '../db/client';
import { pageOfActivePanels, pageOfPastPanels, revealPanelPasswords } from './service';

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
          querystring: activePanelsQuerySchema,
          response: { 200: activePanelsPageSchema },
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
          querystring: pastPanelsQuerySchema,
          response: { 200: pastPanelsPageSchema },
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
          body: revealBodySchema,
          response: { 200: revealedPasswordsSchema },
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
