import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { myPanelsApi } from '../../domain/api/endpoints';
import { currentWorkspace } from '../auth/session';
import type { PanelCipher } from '../crypto/panel-password';
import type { Database } from '../db/client';
import type { AccessGuards } from '../http/access-guards';
import { serving } from '../http/serve';
import { pageOfActivePanels, pageOfPastPanels, revealPanelPasswords } from './service';

/**
 * The customer's own panels (D7, D8): every read filters by the session's workspace, so another
 * workspace's panels are never in a page. The lists were documented with the orders and the
 * reveal with billing; the OpenAPI tags keep those headings.
 */
export function panelRoutes(deps: {
  db: Database;
  guards: AccessGuards;
  cipher: PanelCipher;
}): FastifyPluginAsyncZod {
  const { db } = deps;
  const serve = serving(deps.guards);
  return async (app) => {
    serve(app, myPanelsApi.current, async (request) =>
      pageOfActivePanels(db, currentWorkspace(request).workspaceId, request.query),
    );

    serve(app, myPanelsApi.past, async (request) =>
      pageOfPastPanels(db, currentWorkspace(request).workspaceId, request.query),
    );

    serve(app, myPanelsApi.reveal, async (request) => ({
      passwords: await revealPanelPasswords(deps, currentWorkspace(request), {
        ...request.body,
        ip: request.ip,
      }),
    }));
  };
}
