import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/** Provider webhooks are server-to-server and carry their own signatures. */
const SIGNED_BY_PROVIDER = '/api/webhooks/';

/**
 * CSRF defence for cookie sessions (D9), with SameSite=Lax cookies as the first layer:
 * a state-changing request that a browser marks as coming from another site is refused.
 *
 * Every unsafe method is checked, whatever its path: the router decodes `/%61pi/...` and
 * accepts absolute-form targets (`http://host/api/...`), so a test on the raw URL string can
 * be walked around. The one exemption is decided on the route the router chose.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (SAFE_METHODS.has(request.method) || request.routeOptions.url?.startsWith(SIGNED_BY_PROVIDER)) {
      return;
    }
    const origin = request.headers.origin;
    const fetchSite = request.headers['sec-fetch-site'];
    if ((origin && origin !== allowed) || fetchSite === 'cross-site') {
      return reply
        .status(403)
        .send(errorBody('forbidden_origin', 'This request came from another site and was refused.'));
    }
  });
}
