import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { emailSchema } from '../../domain/account-schemas';
import { authErrorCode, authErrorMessage } from '../../domain/auth-errors';
import { EMAIL_CONFIRMED_LANDING } from '../../domain/routes';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { apiNotFoundBody, errorBody } from '../http/errors';
import { type RateLimiter, type RateLimitRule, rateLimitMessage } from '../rate-limit/limiter';
import { proofMadeBy, recordSignUpClaim, signUpClaimCookies } from './address-proof';
import type { Auth } from './auth';
import { type CodeSignInGate, codeSignInGate } from './code-sign-in';
import { requestHeaders, type SessionContext, type SessionResolver } from './session';
import { type AccountKey, type SurfaceEntry, surfaceEntry } from './surface';
import { findUserByEmail } from './users';

const bodyEmail = (body: unknown): string | undefined => {
  const parsed = z.object({ email: emailSchema }).safeParse(body);
  return parsed.success ? parsed.data.email : undefined;
};

const bodyToken = (body: unknown): string | undefined => {
  const parsed = z.object({ token: z.string() }).safeParse(body);
  return parsed.success ? parsed.data.token : undefined;
};

/** The library's signed two-factor challenge cookie, whatever its prefix in production. */
function twoFactorChallenge(cookieHeader: string | null): string | undefined {
  for (const pair of cookieHeader?.split(';') ?? []) {
    const [name, ...value] = pair.trim().split('=');
    if (name?.endsWith('.two_factor')) return value.join('=');
  }
  return undefined;
}

function validationError(error: z.ZodError) {
  const issue = error.issues[0];
  const message =
    issue?.code === 'unrecognized_keys'
      ? `Unknown field: ${issue.keys.join(', ')}.`
      : (issue?.message ?? 'Invalid request.');
  return errorBody('validation_error', message);
}

/** The query as one value per name; a repeated name is refused (the library reads the first). */
function singleValuedQuery(params: URLSearchParams): Record<string, string> | null {
  const query: Record<string, string> = {};
  for (const [name, value] of params) {
    if (Object.hasOwn(query, name)) return null;
    query[name] = value;
  }
  return query;
}

/** A same-site path with one more query parameter (the library's redirects are relative). */
function withQuery(location: string, name: string, value: string): string {
  const [path = '', query = ''] = location.split('?', 2);
  const params = new URLSearchParams(query);
  params.set(name, value);
  return `${path}?${params.toString()}`;
}

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
 * The front door of better-auth at /api/auth/*: only the endpoints in AUTH_SURFACE are
 * reachable; each gets our input check and its rate limits first, then the library, then
 * its errors rewritten into our error shape with the documented texts.
 */
export function registerAuthRoutes(app: FastifyInstance, deps: AuthRouteDeps): void {
  const { config, db, auth, limiter, resolveSession } = deps;
  const gate: CodeSignInGate = codeSignInGate({ config, db, auth });

  const scaled = (rule: RateLimitRule) => ({ ...rule, limit: rule.limit * config.rateLimitMultiplier });

  function accountKey(
    key: AccountKey,
    headers: Headers,
    body: unknown,
    session: SessionContext | null,
  ): string | undefined {
    switch (key) {
      case 'email':
        return bodyEmail(body);
      case 'session-user':
        return session?.user.id;
      case 'two-factor-challenge':
        return session?.user.id ?? twoFactorChallenge(headers.get('cookie'));
      case 'token':
        return bodyToken(body);
    }
  }

  async function refusedByLimits(
    entry: SurfaceEntry,
    request: FastifyRequest,
    headers: Headers,
    body: unknown,
    session: SessionContext | null,
  ) {
    const checks = [];
    if (entry.ip) checks.push(limiter.hit(`auth:${entry.path}:ip:${request.ip}`, scaled(entry.ip)));
    if (entry.account) {
      const key = accountKey(entry.account.key, headers, body, session);
      // An account check without its key (no cookie, no token) still counts, as one bucket.
      checks.push(
        limiter.hit(`auth:${entry.path}:${entry.account.key}:${key ?? '-'}`, scaled(entry.account.rule)),
      );
    }
    return (await Promise.all(checks)).find((r) => !r.allowed);
  }

  /** The browser that signed up may keep its password at the first proof (auth/address-proof.ts). */
  async function signUpClaim(email: string | undefined): Promise<string[]> {
    const created = email ? await findUserByEmail(db, email) : undefined;
    if (!created) throw new Error('the sign-up succeeded but its account is not there');
    const nonce = await recordSignUpClaim(db, created.id, new Date());
    return signUpClaimCookies(nonce, config.isProduction);
  }

  const handle = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, config.publicUrl);
    const path = url.pathname.replace(/^\/api\/auth/, '');
    const entry = surfaceEntry(request.method, path);
    if (!entry) return reply.status(404).send(apiNotFoundBody(request.method, url.pathname));

    const params = singleValuedQuery(url.searchParams);
    if (!params)
      return reply.status(400).send(errorBody('validation_error', 'A query parameter is repeated.'));
    const query = (entry.query ?? z.strictObject({})).safeParse(params);
    if (!query.success) return reply.status(400).send(validationError(query.error));

    let body: unknown;
    if (entry.method === 'POST') {
      const parsed = (entry.body ?? z.strictObject({})).safeParse(request.body ?? {});
      if (!parsed.success) return reply.status(400).send(validationError(parsed.error));
      body = parsed.data;
    }

    const headers = requestHeaders(request);
    // The library records the session's IP from this header; it gets the address Fastify
    // resolved (proxy-aware per TRUST_PROXY), never one the client claims.
    headers.set('x-forwarded-for', request.ip);
    // Applies the idle timeout before the library trusts the cookie.
    const session = headers.get('cookie') ? await resolveSession(headers) : null;

    const refused = await refusedByLimits(entry, request, headers, body, session);
    if (refused) {
      return reply
        .status(429)
        .header('retry-after', String(refused.retryAfterSeconds))
        .send(errorBody('rate_limited', rateLimitMessage(refused.retryAfterSeconds)));
    }

    if (path === '/sign-up/email' || path === '/sign-in/email') {
      // The confirmation link (when verification is on) always lands on our sign-in page.
      body = { ...(body as object), callbackURL: EMAIL_CONFIRMED_LANDING };
    }

    // The product tells a visitor that an e-mail is taken ('already registered'); the library
    // would answer a duplicate sign-up with a generic success, so we check first.
    if (path === '/sign-up/email') {
      const email = bodyEmail(body);
      if (email && (await findUserByEmail(db, email))) {
        return reply
          .status(422)
          .send(errorBody('user_already_exists', authErrorMessage('USER_ALREADY_EXISTS', undefined)));
      }
    }

    if (path === '/email-otp/send-verification-otp') {
      const email = bodyEmail(body);
      if (email && (await gate.beforeSendingCode(email))) return reply.send({ success: true });
    }
    if (path === '/sign-in/email-otp') {
      const refusal = await gate.beforeCodeSignIn(body, {
        cookieHeader: headers.get('cookie'),
        ip: request.ip,
      });
      if (refusal) return reply.status(refusal.status).send(errorBody(refusal.code, refusal.message));
    }

    const libraryRequest = new Request(url, {
      method: request.method,
      headers,
      ...(entry.method === 'POST' ? { body: JSON.stringify(body) } : {}),
    });
    const response = await auth.handler(libraryRequest);

    reply.status(response.status);
    for (const [key, value] of response.headers) {
      if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
    }
    const cookies = response.headers.getSetCookie();
    if (path === '/sign-up/email' && response.status === 200) {
      cookies.push(...(await signUpClaim(bodyEmail(body))));
    }
    if (cookies.length > 0) reply.header('set-cookie', cookies);
    if (path === '/verify-email' && proofMadeBy(libraryRequest)?.removed.password) {
      // The landing page tells the person that the old password is gone and how to set one.
      const location = response.headers.get('location');
      if (location) reply.header('location', withQuery(location, 'password', 'removed'));
    }

    const text = await response.text();
    if (response.status >= 400) {
      const parsed = z
        .object({ code: z.string().optional(), message: z.string().optional() })
        .safeParse(parseJson(text));
      const code = parsed.success ? parsed.data.code : undefined;
      const message = authErrorMessage(code, parsed.success ? parsed.data.message : undefined);
      return reply.type('application/json').send(errorBody(authErrorCode(code), message));
    }
    return reply.send(text);
  };

  app.route({ method: ['GET', 'POST'], url: '/api/auth/*', schema: { hide: true }, handler: handle });
}
