import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { emailSchema, loginSchema, otpCodeSchema, registerSchema } from '../../domain/account-schemas';
import { authErrorMessage } from '../../domain/auth-errors';
import { findUserByEmail } from '../account/users';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { errorBody } from '../http/errors';
import { type RateLimiter, type RateLimitRule, rateLimitMessage } from '../rate-limit/limiter';
import type { Auth } from './auth';
import { requestHeaders, type SessionResolver } from './session';

const FIFTEEN_MINUTES = 15 * 60_000;

interface PathRules {
  ip: RateLimitRule;
  email?: RateLimitRule;
}

/** Sign-in, code sending and password reset, limited per IP and per e-mail (D9). */
const RATE_LIMITS: Record<string, PathRules> = {
  '/sign-in/email': {
    ip: { limit: 30, windowMs: FIFTEEN_MINUTES },
    email: { limit: 10, windowMs: FIFTEEN_MINUTES },
  },
  '/sign-in/email-otp': {
    ip: { limit: 30, windowMs: FIFTEEN_MINUTES },
    email: { limit: 10, windowMs: FIFTEEN_MINUTES },
  },
  '/email-otp/send-verification-otp': {
    ip: { limit: 10, windowMs: FIFTEEN_MINUTES },
    email: { limit: 5, windowMs: FIFTEEN_MINUTES },
  },
  '/request-password-reset': {
    ip: { limit: 10, windowMs: FIFTEEN_MINUTES },
    email: { limit: 3, windowMs: FIFTEEN_MINUTES },
  },
  '/sign-up/email': { ip: { limit: 10, windowMs: 60 * 60_000 } },
  '/two-factor/verify-totp': { ip: { limit: 30, windowMs: FIFTEEN_MINUTES } },
  '/two-factor/verify-backup-code': { ip: { limit: 30, windowMs: FIFTEEN_MINUTES } },
  '/change-password': { ip: { limit: 20, windowMs: FIFTEEN_MINUTES } },
};

/** Our own checks on the inputs that matter, before the auth library sees them. */
const BODY_SCHEMAS: Record<string, z.ZodType> = {
  '/sign-up/email': registerSchema.extend({ callbackURL: z.string().max(200).optional() }).strict(),
  '/sign-in/email': loginSchema
    .extend({ rememberMe: z.boolean().optional(), callbackURL: z.string().max(200).optional() })
    .strict(),
  '/email-otp/send-verification-otp': z.strictObject({ email: emailSchema, type: z.literal('sign-in') }),
  '/sign-in/email-otp': z.strictObject({ email: emailSchema, otp: otpCodeSchema }),
  '/request-password-reset': z.strictObject({
    email: emailSchema,
    redirectTo: z.string().max(200).optional(),
  }),
};

const bodyEmail = (body: unknown): string | undefined => {
  const parsed = z.object({ email: emailSchema }).safeParse(body);
  return parsed.success ? parsed.data.email : undefined;
};

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return {};
  }
}

interface AuthRouteDeps {
  config: Config;
  db: Database;
  auth: Auth;
  limiter: RateLimiter;
  resolveSession: SessionResolver;
}

/**
 * Mounts better-auth at /api/auth/*: our input checks and rate limits first, then the
 * library, then its errors rewritten into our error shape with the spec's texts.
 */
export function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps): void {
  const { config, db, auth, limiter, resolveSession } = deps;

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, config.publicUrl);
    const path = url.pathname.replace(/^\/api\/auth/, '');

    const schema = BODY_SCHEMAS[path];
    let body = request.body;
    if (schema && request.method === 'POST') {
      const parsed = schema.safeParse(body ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const message =
          issue?.code === 'unrecognized_keys'
            ? `Unknown field: ${issue.keys.join(', ')}.`
            : (issue?.message ?? 'Invalid request.');
        return reply.status(400).send(errorBody('validation_error', message));
      }
      body = parsed.data;
    }

    const rules = RATE_LIMITS[path];
    if (rules && request.method === 'POST') {
      const scaled = (rule: RateLimitRule) => ({ ...rule, limit: rule.limit * config.rateLimitMultiplier });
      const checks = [limiter.hit(`auth:${path}:ip:${request.ip}`, scaled(rules.ip))];
      const email = bodyEmail(body);
      if (rules.email && email) checks.push(limiter.hit(`auth:${path}:email:${email}`, scaled(rules.email)));
      const refused = (await Promise.all(checks)).find((r) => !r.allowed);
      if (refused) {
        return reply
          .status(429)
          .header('retry-after', String(refused.retryAfterSeconds))
          .send(errorBody('rate_limited', rateLimitMessage(refused.retryAfterSeconds)));
      }
    }

    // The spec tells a visitor that an e-mail is taken ('already registered'); the library
    // would answer a duplicate sign-up with a generic success, so we check first.
    if (path === '/sign-up/email' && request.method === 'POST') {
      const email = bodyEmail(body);
      if (email && (await findUserByEmail(db, email))) {
        return reply
          .status(422)
          .send(errorBody('user_already_exists', authErrorMessage('USER_ALREADY_EXISTS', undefined)));
      }
    }

    const headers = requestHeaders(request);
    // The library records the session's IP from this header; it gets the address Fastify
    // resolved (proxy-aware per trustProxy), never one the client claims.
    headers.set('x-forwarded-for', request.ip);
    // Applies the idle timeout before the library trusts the cookie.
    if (headers.get('cookie')) await resolveSession(headers);

    const response = await auth.handler(
      new Request(url, {
        method: request.method,
        headers,
        ...(request.method !== 'GET' && request.method !== 'HEAD' && body !== undefined
          ? { body: JSON.stringify(body) }
          : {}),
      }),
    );

    reply.status(response.status);
    for (const [key, value] of response.headers) {
      if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
    }
    const cookies = response.headers.getSetCookie();
    if (cookies.length > 0) reply.header('set-cookie', cookies);

    const text = await response.text();
    if (response.status >= 400) {
      const parsed = z
        .object({ code: z.string().optional(), message: z.string().optional() })
        .safeParse(parseJson(text));
      const code = parsed.success ? parsed.data.code : undefined;
      const message = authErrorMessage(code, parsed.success ? parsed.data.message : undefined);
      return reply.type('application/json').send(errorBody((code ?? 'auth_error').toLowerCase(), message));
    }
    return reply.send(text);
  };

  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', schema: { hide: true }, handler: handle });
}
