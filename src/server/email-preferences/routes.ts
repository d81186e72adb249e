import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { emailPreferencesApi } from '../../domain/api/site-endpoints';
import {
  EMAIL_PREFERENCES_PATH,
  INVALID_PREFERENCE_LINK,
  preferenceLabel,
} from '../../domain/email-preferences';
import type { Database } from '../db/client';
import type { AccessGuards } from '../http/access-guards';
import { ApiError } from '../http/errors';
import { serving } from '../http/serve';
import { type AddressLimitDeps, perAddressLimit } from '../rate-limit/per-address';
import type { PreferenceLinks } from './links';
import { turnPreferenceOff } from './service';

/**
 * Per address. Generous: one-click requests come from the mail providers' servers, so many
 * people's clicks share a few addresses; a token cannot be guessed whatever the rate.
 */
export const UNSUBSCRIBE_RATE_LIMIT = { limit: 120, windowMs: 60 * 60 * 1000 } as const;

/**
 * The one-click link of every e-mail a preference covers (docs/decisions/0008). Public: the
 * signed token is the authority, no session is needed.
 * - POST turns the preference off. Mail clients call it for RFC 8058 one-click unsubscribes
 *   (body `List-Unsubscribe=One-Click`, form-encoded or multipart), our page with no body;
 *   whatever body comes is ignored, since the token says everything.
 * - GET never changes anything: mail scanners fetch links. It sends a browser to the page
 *   where one click turns the preference off.
 */
export function emailPreferenceRoutes(
  deps: AddressLimitDeps & {
    db: Database;
    links: PreferenceLinks;
    guards: AccessGuards;
  },
): FastifyPluginAsyncZod {
  const serve = serving(deps.guards);
  return async (app) => {
    // Mail clients post forms; the body is read as text and never used (this plugin only).
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
      done(null, body),
    );

    serve(app, emailPreferencesApi.open, async (request, reply) =>
      reply.redirect(`${EMAIL_PREFERENCES_PATH}?token=${encodeURIComponent(request.query.token)}`, 303),
    );

    serve(
      app,
      emailPreferencesApi.turnOff,
      async (request) => {
        const named = deps.links.verify(request.query.token);
        if (!named || !(await turnPreferenceOff(deps.db, named.userId, named.preference))) {
          throw new ApiError(400, 'invalid_link', INVALID_PREFERENCE_LINK);
        }
        return {
          preference: named.preference,
          label: preferenceLabel(named.preference),
          enabled: false as const,
        };
      },
      {
        preHandler: perAddressLimit(deps, {
          name: 'unsubscribe',
          rule: UNSUBSCRIBE_RATE_LIMIT,
          refusal: 'Too many requests. Please try again later.',
        }),
      },
    );
  };
}
