import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSystemApi } from '../../../domain/api/admin/endpoints';
import { actorOf } from '../../auth/actor';
import { serving } from '../../http/serve';
import type { AdminDeps } from '../deps';
import { retryGivenUpEmail, systemStatus } from './service';

/** The sweep figures cover this process's life: the screen says since when. */
const PROCESS_STARTED_AT = new Date(Date.now() - process.uptime() * 1000);

/**
 * The System view: background work and what it gave up, and 'Retry now' for a given-up
 * e-mail. Sweep times are wall-clock (the sandbox clock moves business rules only), as the
 * sweep status records them.
 */
export function adminSystemRoutes({ db, config, guards, sweeps, outbox }: AdminDeps): FastifyPluginAsyncZod {
  const serve = serving(guards);
  // A web process reports no rounds (docs/decisions/0022-web-and-worker-roles.md): the screen says where they are.
  const runsSweeps = config.role !== 'web';
  return async (app) => {
    serve(app, adminSystemApi.status, async () =>
      systemStatus(db, sweeps, { now: new Date(), startedAt: PROCESS_STARTED_AT, runsSweeps }),
    );

    serve(app, adminSystemApi.retryEmail, async (request) => {
      const retried = await retryGivenUpEmail(db, request.params.id, actorOf(request));
      // Committed: sent now rather than at the next tick.
      outbox.kick();
      return retried;
    });
  };
}
