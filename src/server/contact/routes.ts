import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteApi } from '../../domain/api/site-endpoints';
import { CONTACT_RATE_LIMITED, CONTACT_SEND_FAILED } from '../../domain/contact';
import type { SiteInfo } from '../../domain/site';
import type { Database } from '../db/client';
import type { AccessGuards } from '../http/access-guards';
import { ApiError } from '../http/errors';
import { serving } from '../http/serve';
import { enqueueEmail } from '../outbox/enqueue';
import type { OutboxRunner } from '../outbox/runner';
import { type AddressLimitDeps, perAddressLimit } from '../rate-limit/per-address';
import { contactEmail } from './contact-emails';

/** Messages one address may send per window: enough for a person, too few for a spam run. */
export const CONTACT_RATE_LIMIT = { limit: 5, windowMs: 60 * 60 * 1000 } as const;

/**
 * POST /api/contact (D10): the contact form reaches support through the outbox, so a
 * message accepted while the mail server is down is delivered once it is back.
 */
export function contactRoutes(
  deps: AddressLimitDeps & {
    db: Database;
    outbox: Pick<OutboxRunner, 'kick'>;
    site: SiteInfo;
    guards: AccessGuards;
  },
): FastifyPluginAsyncZod {
  const serve = serving(deps.guards);
  return async (app) => {
    serve(
      app,
      siteApi.contact,
      async (request) => {
        try {
          await enqueueEmail(
            deps.db,
            contactEmail(request.body, deps.site.supportEmail, deps.site.brandName),
          );
        } catch (error) {
          request.log.error({ err: error }, 'contact message could not be queued');
          throw new ApiError(503, 'mail_unavailable', CONTACT_SEND_FAILED);
        }
        deps.outbox.kick();
        return { status: 'sent' as const };
      },
      {
        preHandler: perAddressLimit(deps, {
          name: 'contact',
          rule: CONTACT_RATE_LIMIT,
          refusal: CONTACT_RATE_LIMITED,
        }),
      },
    );
  };
}
