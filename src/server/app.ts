import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { accountRoutes } from './account/routes';
import { createAuth } from './auth/auth';
import { registerAuthRoutes } from './auth/routes';
import { createSessionResolver, sessionGuards } from './auth/session';
import type { Config } from './config';
import type { DatabaseHandle } from './db/client';
import { healthRoutes } from './health/routes';
import { apiNotFoundBody, registerErrorHandling } from './http/errors';
import { registerOriginCheck } from './http/origin-check';
import { loggerOptions } from './logger';
import { createMailer, type Mailer } from './mail/send-email';
import { createRateLimiter } from './rate-limit/limiter';
import type { Secrets } from './secrets';
import { siteRoutes } from './site/routes';
import { siteInfo } from './site/site-info';
import { inlineScriptHashes, readShell, registerWebApp } from './web/static';

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  secrets: Secrets;
  /** Defaults to SMTP or the local outbox per config; tests pass one that records. */
  mailer?: Mailer;
  /** Folder of the built web app; omitted when only the API is wanted (tests, dev). */
  webRoot?: string;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: loggerOptions(config),
    trustProxy: config.isProduction,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  const mailer = deps.mailer ?? createMailer(config, app.log);
  const site = siteInfo(config);
  const shell = deps.webRoot ? readShell(deps.webRoot, site) : undefined;
  await app.register(helmet, {
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
      info: { title: `${config.brand.name} API`, version: '1.0.0' },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());

  registerOriginCheck(app, config.publicUrl);

  const auth = createAuth({ config, db: database.db, secrets: deps.secrets, mailer, log: app.log });
  const resolveSession = createSessionResolver(auth, database.db);
  const guards = sessionGuards(resolveSession);
  app.decorateRequest('session', null);
  registerAuthRoutes(app, { config, db: database.db, auth, limiter: createRateLimiter(database.db), resolveSession });

  await app.register(healthRoutes(database.db));
  await app.register(accountRoutes(database.db, guards));
  await app.register(siteRoutes(site));

  if (deps.webRoot && shell) {
    await registerWebApp(app, deps.webRoot, shell);
  } else {
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send(apiNotFoundBody(request.method, request.url)),
    );
  }
  return app;
}
