import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { adminSandboxClockApi } from '../../../domain/api/admin/endpoints';
import { actorOf } from '../../auth/actor';
import { clockState } from '../../clock/advance';
import { serving } from '../../http/serve';
import type { AdminDeps } from '../deps';

/**
 * The sandbox clock (docs/decisions/0016-sandbox-clock.md). Off the sandbox the routes are
 * not registered at all, so the paths answer what any unknown path answers (404, the same
 * body), to admins and everyone else alike: there is no clock to learn about.
 */
export function adminSandboxClockRoutes({ guards, sandboxClock }: AdminDeps): FastifyPluginAsyncZod {
  const serve = serving(guards);
  return async (app) => {
    if (!sandboxClock) return;
    const { clock } = sandboxClock;
    // Read from the database, not the cache: another instance may have moved it a moment ago.
    serve(app, adminSandboxClockApi.state, async () => {
      await clock.refresh();
      return clockState(clock);
    });
    serve(app, adminSandboxClockApi.advance, async (request) => {
      const { id, email, ip } = actorOf(request);
      return sandboxClock.advance({
        days: request.body.advanceDays,
        actor: { actorId: id, actorEmail: email, ip },
      });
    });
  };
}
