import { APIError } from 'better-auth/api';
import { z } from 'zod';
import type { ErrorCode } from '../../domain/api/error-codes';
import { authErrorCode, authErrorMessage } from '../../domain/auth-errors';
import { EMAIL_CONFIRMED_LANDING } from '../../domain/routes';
import type { Config } from '../config';
import type { Database } from '../db/client';
import { proveAddress } from './address-proof';
import type { Auth } from './auth';
import { findUserByEmail } from './users';

export interface Refusal {
  status: number;
  code: ErrorCode;
  message: string;
}

const codeSignInBody = z.object({ email: z.string(), otp: z.string() });

/**
 * E-mailed sign-in codes on accounts whose address was never proven (docs/decisions/0003).
 *
 * Whoever registered the address may not own the mailbox:
 * - verification on: an unproven account gets its confirmation link instead of a code, and
 *   a code sign-in into it is refused like a password sign-in is; the link is the proof;
 * - verification off: a correct code is the address's first proof, and takes away every key
 *   made before it (auth/address-proof.ts) before the library opens the new session.
 */
export function codeSignInGate(deps: { config: Config; db: Database; auth: Auth }) {
  const { config, db, auth } = deps;

  return {
    /** True when the request was answered here (no code is sent). */
    async beforeSendingCode(email: string): Promise<boolean> {
      if (!config.requireEmailVerification) return false;
      const found = await findUserByEmail(db, email);
      if (!found || found.emailVerified) return false;
      await auth.api.sendVerificationEmail({
        body: { email: found.email, callbackURL: EMAIL_CONFIRMED_LANDING },
      });
      return true;
    },

    /**
     * A refusal to answer with, or undefined to let the library sign the user in (after a
     * correct code into an unproven account has proven its address).
     */
    async beforeCodeSignIn(
      body: unknown,
      request: { cookieHeader: string | null; ip: string },
    ): Promise<Refusal | undefined> {
      const { email, otp } = codeSignInBody.parse(body);
      const found = await findUserByEmail(db, email);
      if (!found || found.emailVerified) return undefined;
      if (config.requireEmailVerification) {
        return {
          status: 403,
          code: 'email_not_verified',
          message: authErrorMessage('EMAIL_NOT_VERIFIED', undefined),
        };
      }
      try {
        // Checks the code without using it up; the library's sign-in then consumes it.
        await auth.api.checkVerificationOTP({ body: { email: found.email, type: 'sign-in', otp } });
      } catch (error) {
        if (!(error instanceof APIError)) throw error;
        const parsed = z
          .object({ code: z.string().optional(), message: z.string().optional() })
          .safeParse(error.body);
        const code = parsed.success ? parsed.data.code : undefined;
        return {
          status: error.statusCode,
          code: authErrorCode(code),
          message: authErrorMessage(code, parsed.success ? parsed.data.message : undefined),
        };
      }
      await proveAddress(
        { config, db },
        { userId: found.id, cookieHeader: request.cookieHeader, ip: request.ip },
      );
      return undefined;
    },
  };
}

export type CodeSignInGate = ReturnType<typeof codeSignInGate>;
