import type { FastifyInstance } from 'fastify';
import { errorBody } from './errors';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * CSRF defence for cookie sessions (D9), with SameSite=Lax cookies as the first layer:
 * a state-changing /api request that a browser marks as coming from another site is
 * refused. Provider webhooks are server-to-server and carry their own signatures.
 */
export function registerOriginCheck(app: FastifyInstance, publicUrl: string): void {
  const allowed = new URL(publicUrl).origin;
  app.addHook('onRequest', async (request, reply) => {
    if (
      SAFE_METHODS.has(request.method) ||
      !request.url.startsWith('/api/') ||
      request.url.startsWith('/api/webhooks/')
    ) {
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
