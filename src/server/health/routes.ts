import { sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Database } from '../db/client';
import { errorBody } from '../http/errors';

const okSchema = z.object({ status: z.literal('ok') });
const errorSchema = z.object({ error: z.object({ code: z.string(), message: z.string() }) });

export function healthRoutes(db: Database): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/api/health',
      { schema: { tags: ['system'], summary: 'The process is alive', response: { 200: okSchema } } },
      async () => ({ status: 'ok' as const }),
    );

    app.get(
      '/api/ready',
      {
        schema: {
          tags: ['system'],
          summary: 'The database answers',
          response: { 200: okSchema, 503: errorSchema },
        },
      },
      async (request, reply) => {
        try {
          await db.execute(sql`select 1`);
          return { status: 'ok' as const };
        } catch (error) {
          request.log.warn({ err: error }, 'readiness check failed');
          return reply.status(503).send(errorBody('database_unavailable', 'The database is not answering.'));
        }
      },
    );
  };
}
