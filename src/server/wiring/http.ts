import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { authPaths } from '../auth/openapi';
import { sessionCookieName } from '../auth/session-cookie';
import type { Config } from '../config';
import { clientErrorHandler } from '../http/client-errors';
import { frameworkErrorHandler, MAX_PARAM_LENGTH, registerErrorHandling } from '../http/errors';
import { API_DESCRIPTION, openApiTransform, securitySchemes } from '../http/openapi';
import { registerOriginCheck } from '../http/origin-check';
import { recordRouteTable } from '../http/route-table';
import { registerSecurityHeaders } from '../http/security-headers';
import { loggerOptions } from '../logger';
import { observeRequests, type RequestDurations } from '../metrics/http-requests';
import { inlineScriptHashes } from '../spa/shell';
import { traceRequests } from '../telemetry/request-spans';
import { NO_TRACING, type Tracing } from '../telemetry/tracing';
import { openApiWebhooks } from '../webhooks/payloads';

/**
 * Fastify refuses hop counts (it cannot tell a proxy from a direct client), so a count
 * becomes the usual rule: believe the last N hops. Only for servers that the proxy alone
 * can reach; README says so.
 */
function trustProxyFunction(trust: Config['trustProxy']) {
  return typeof trust === 'number' ? (_address: string, hop: number) => hop < trust : trust;
}

/**
 * The zod compilers as Fastify's compiler factories. Fastify types its factories after Ajv's
 * compilers, but calls what they return exactly as it calls a compiler given to
 * setValidatorCompiler and setSerializerCompiler, which the zod type provider's are made for.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * The Fastify instance with what every request goes through before a route: parsers and
 * validation, the one error shape, security headers, the cross-site check, and the OpenAPI
 * document the routes registered later add themselves to.
 */
export async function createHttpApp(options: {
  config: Config;
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: { write(line: string): void } | undefined;
  /** The web app's page shell, whose inline scripts the content security policy allows. */
  shell?: string | undefined;
  /** Times every response when metrics are on; hooked before the first route. */
  requestDurations?: RequestDurations | undefined;
  /** A span per request and trace ids in the log lines, when tracing is on. */
  tracing?: Tracing | undefined;
}): Promise<FastifyInstance> {
  const { config, shell } = options;
  const tracing = options.tracing ?? NO_TRACING;
  const app = Fastify({
    logger: loggerOptions(config, options.logDestination, tracing.enabled ? tracing.logFields : undefined),
    trustProxy: trustProxyFunction(config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Longer path parameters (ids, session ids) are refused with 414 before any route runs.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // The router's refusals (414, a malformed %-escape) in the one error shape (D14).
    frameworkErrors: frameworkErrorHandler,
    // Node's parser refusals (431 for an over-long URL or headers) in the one error shape too.
    clientErrorHandler,
    // Every route validates and serializes with its zod schemas. Named here rather than set
    // later, Fastify never loads its default compilers (Ajv and fast-json-stringify): about a
    // tenth of the start (docs/performance.md).
    schemaController: { compilersFactory: zodCompilers },
  }).withTypeProvider<ZodTypeProvider>();

  // First of all hooks, so a request's span ends as soon as its answer is out.
  traceRequests(app, tracing);
  registerErrorHandling(app);
  recordRouteTable(app);
  if (options.requestDurations) observeRequests(app, options.requestDurations);

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...(shell ? inlineScriptHashes(shell) : [])],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        baseUri: ["'self'"],
        upgradeInsecureRequests: config.isProduction ? [] : null,
      },
    },
    hsts: config.isProduction,
  });

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: `${config.brand.name} API`, version: '1.0.0', description: API_DESCRIPTION },
      servers: [{ url: config.publicUrl }],
      components: {
        securitySchemes: securitySchemes({ sessionCookie: sessionCookieName(config.isProduction) }),
      },
    },
    // Each operation's security, refusals and example come from its declaration (D14).
    transform: openApiTransform,
  });
  // With what customers' webhook endpoints receive (docs/decisions/0012-webhooks.md), and the
  // auth endpoints, which one wildcard route serves. Made at the first request, as the
  // document is: turning their schemas costs each start tens of milliseconds.
  let extra:
    | { paths: ReturnType<typeof authPaths>; webhooks: ReturnType<typeof openApiWebhooks> }
    | undefined;
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => {
    const document = app.swagger();
    extra ??= { paths: authPaths(), webhooks: openApiWebhooks() };
    return { ...document, paths: { ...document.paths, ...extra.paths }, webhooks: extra.webhooks };
  });

  registerOriginCheck(app, config.publicUrl);
  return app;
}
