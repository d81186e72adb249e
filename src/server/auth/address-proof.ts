import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/audit';
import type { Config } from '../config';
import type { Database, Tx } from '../db/client';
import { account, apiKeys, session, twoFactor, user, verification, webhookEndpoints } from '../db/schema';
import { enqueueEmail } from '../outbox/enqueue';
import { addressProvenMessage, type RemovedKeys } from './auth-emails';

/**
 * The first proof of an e-mail address (docs/decisions/0003, "Pre-account takeover").
 *
 * Whoever signs up first with an address chooses its password, but may not own the mailbox.
 * When the mailbox's owner proves the address for the first time (the confirmation link, a
 * sign-in code, a password-reset link), every key to the account that was made before that
 * proof is taken away: the password, the sessions, the two-factor enrolment, the API keys and
 * the webhook endpoints. From then on a password can only be set through the mailbox (the
 * reset link), and the person is told so on the page and by e-mail.
 *
 * One proof keeps the password: the confirmation made in the very browser that signed up
 * (a sign-up claim cookie, matched against its hash), because the person who clicks there
 * both chose the password and holds the mailbox. A claim travels with nothing else: an
 * attacker who signs up holds the cookie but never the link; the victim holds the link but
 * never the cookie. Sessions still end, as at every first proof.
 */

export const SIGNUP_CLAIM_COOKIE = 'panelhub.signup_claim';
/** As long as a confirmation link may be asked for again after sign-up, within reason. */
export const SIGNUP_CLAIM_SECONDS = 24 * 60 * 60;
const claimIdentifier = (userId: string) => `signup-claim:${userId}`;
const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** Records that this browser signed up for `userId`; the cookie value to set is returned. */
export async function recordSignUpClaim(db: Database, userId: string, now: Date): Promise<string> {
  const nonce = randomBytes(32).toString('base64url');
  await db.transaction(async (tx) => {
    await tx.delete(verification).where(eq(verification.identifier, claimIdentifier(userId)));
    await tx.insert(verification).values({
      id: randomBytes(16).toString('hex'),
      identifier: claimIdentifier(userId),
      value: sha256(nonce).toString('hex'),
      expiresAt: new Date(now.getTime() + SIGNUP_CLAIM_SECONDS * 1000),
    });
  });
  return nonce;
}

/**
 * The paths a first proof arrives on that can keep the password. The cookie goes to these
 * alone: the auth library asks any request that carries a cookie for its Origin, so a claim
 * sent everywhere under /api/auth would refuse a script's plain sign-in after its sign-up.
 */
const CLAIM_PATHS = ['/api/auth/verify-email', '/api/auth/sign-in/email-otp'];

/** The Set-Cookie values for a sign-up claim: one cookie per path where it is read. */
export function signUpClaimCookies(nonce: string, secure: boolean): string[] {
  return CLAIM_PATHS.map((path) =>
    [
      `${SIGNUP_CLAIM_COOKIE}=${nonce}`,
      `Max-Age=${SIGNUP_CLAIM_SECONDS}`,
      `Path=${path}`,
      'HttpOnly',
      'SameSite=Lax',
      ...(secure ? ['Secure'] : []),
    ].join('; '),
  );
}

function claimFromCookie(cookieHeader: string | null | undefined): string | undefined {
  for (const part of cookieHeader?.split(';') ?? []) {
    const [name, ...value] = part.trim().split('=');
    if (name === SIGNUP_CLAIM_COOKIE) return value.join('=');
  }
  return undefined;
}

async function takeClaim(tx: Tx, userId: string, cookieHeader: string | null | undefined, now: Date) {
  const rows = await tx
    .delete(verification)
    .where(eq(verification.identifier, claimIdentifier(userId)))
    .returning({ value: verification.value, expiresAt: verification.expiresAt });
  const nonce = claimFromCookie(cookieHeader);
  if (!nonce) return false;
  const given = sha256(nonce);
  return rows.some((row) => row.expiresAt > now && timingSafeEqual(Buffer.from(row.value, 'hex'), given));
}

export interface ProofInput {
  userId: string;
  /** The proving request's Cookie header: where a sign-up claim would be. */
  cookieHeader?: string | null;
  /** The proof is a password reset: the password it sets is the prover's own. */
  passwordJustSet?: boolean;
  ip?: string | null;
}

export interface ProofOutcome {
  /** False when the address was proven before: nothing was done. */
  firstProof: boolean;
  removed: RemovedKeys;
}

const NOTHING_REMOVED: RemovedKeys = { password: false, twoFactor: false, apiKeys: 0, webhookEndpoints: 0 };

export interface AddressProofDeps {
  config: Config;
  db: Database;
  now?: () => Date;
}

/**
 * Marks the address proven and, on its first proof, takes away every key made before it.
 * One transaction, the user row locked: two proofs at once do this once.
 */
export async function proveAddress(deps: AddressProofDeps, input: ProofInput): Promise<ProofOutcome> {
  const { config, db } = deps;
  const now = (deps.now ?? (() => new Date()))();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: user.email, name: user.name, emailVerified: user.emailVerified })
      .from(user)
      .where(eq(user.id, input.userId))
      .for('update');
    if (!row || row.emailVerified) return { firstProof: false, removed: NOTHING_REMOVED };

    const claimed = await takeClaim(tx, input.userId, input.cookieHeader, now);
    await tx.update(user).set({ emailVerified: true, updatedAt: now }).where(eq(user.id, input.userId));
    await tx.delete(session).where(eq(session.userId, input.userId));
    const removed = claimed ? NOTHING_REMOVED : await removeUnprovenKeys(tx, input, now);

    await recordAudit(tx, {
      actorId: input.userId,
      actorEmail: row.email,
      action: 'auth.address_proven',
      targetType: 'user',
      targetId: input.userId,
      details: { signedUpInThisBrowser: claimed, ...removed },
      ip: input.ip ?? null,
    });
    if (anythingRemoved(removed)) {
      await enqueueEmail(tx, { to: row.email, ...addressProvenMessage(config, row.name, removed) });
    }
    return { firstProof: true, removed };
  });
}

/** The proof a library hook made while serving a request, for the route to tell the person. */
const proofsByRequest = new WeakMap<Request, ProofOutcome>();
export const rememberProof = (request: Request, outcome: ProofOutcome) =>
  proofsByRequest.set(request, outcome);
export const proofMadeBy = (request: Request): ProofOutcome | undefined => proofsByRequest.get(request);

export const anythingRemoved = (removed: RemovedKeys) =>
  removed.password || removed.twoFactor || removed.apiKeys > 0 || removed.webhookEndpoints > 0;

async function removeUnprovenKeys(tx: Tx, input: ProofInput, now: Date): Promise<RemovedKeys> {
  const { userId } = input;
  const passwords = input.passwordJustSet
    ? []
    : await tx
        .delete(account)
        .where(and(eq(account.userId, userId), eq(account.providerId, 'credential')))
        .returning({ id: account.id });
  const secondFactors = await tx
    .delete(twoFactor)
    .where(eq(twoFactor.userId, userId))
    .returning({ id: twoFactor.id });
  const [twoFactorWasOn] = await tx
    .update(user)
    .set({ twoFactorEnabled: false })
    .where(and(eq(user.id, userId), eq(user.twoFactorEnabled, true)))
    .returning({ id: user.id });
  const keys = await tx
    .update(apiKeys)
    .set({ revokedAt: now })
    .where(and(eq(apiKeys.userId, userId), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  const endpoints = await tx
    .update(webhookEndpoints)
    .set({ disabledAt: now })
    .where(and(eq(webhookEndpoints.userId, userId), isNull(webhookEndpoints.disabledAt)))
    .returning({ id: webhookEndpoints.id });
  return {
    password: passwords.length > 0,
    twoFactor: secondFactors.length > 0 || twoFactorWasOn !== undefined,
    apiKeys: keys.length,
    webhookEndpoints: endpoints.length,
  };
}
