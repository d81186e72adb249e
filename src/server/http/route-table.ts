import type { FastifyInstance } from 'fastify';
import type { Endpoint } from '../../domain/api/endpoint';

/** One route as Fastify added it, and the declaration serve() served it from (null: not served). */
export interface RouteRecord {
  method: string;
  url: string;
  declaration: Endpoint | null;
  /** How many onRequest hooks the route has of its own (its guards among them). */
  ownOnRequestHooks: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route the app added, HEADs included, in order (route-coverage.test.ts reads it). */
    routeTable: readonly RouteRecord[];
  }
  interface FastifyContextConfig {
    /** Set by serve(): the endpoint this route answers for. */
    declaration?: Endpoint;
  }
}

/**
 * Records every route as it is added, from wherever (another plugin, a library), so a test
 * can tell the routes served from a declaration, and guarded by it, from any other. Called
 * before the first route.
 */
export function recordRouteTable(app: FastifyInstance): void {
  const table: RouteRecord[] = [];
  app.decorate('routeTable', table);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      table.push({
        method,
        url: route.url,
        declaration: route.config?.declaration ?? null,
        ownOnRequestHooks: [route.onRequest ?? []].flat().length,
      });
    }
  });
}
