/**
 * The routes the app serves that are not endpoints of the API, each with why. Everything else
 * Fastify routes is served from a declaration in src/domain/api (route-coverage.test.ts). All
 * are public but /metrics, which checks its own bearer token.
 */
export const INFRASTRUCTURE_ROUTES: Readonly<Record<string, string>> = {
  'GET /api/auth/*': "the auth library's own front door, with a suite of its own (auth/surface.test.ts)",
  'POST /api/auth/*': "the auth library's own front door, with a suite of its own (auth/surface.test.ts)",
  'GET /api/openapi.json': 'the OpenAPI document itself, made from the declarations',
  'GET /metrics':
    'for the Prometheus scraper, served only with METRICS_TOKEN set and only to its bearer (metrics/metrics-route.ts)',
  'GET /robots.txt': 'for crawlers, not part of the API',
  'GET /sitemap.xml': 'for crawlers, not part of the API',
};
