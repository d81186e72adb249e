import type { FastifyInstance } from 'fastify';
import { createUserWithPassword } from '../auth/users';
import type { Database } from '../db/client';
import { addStock } from './inventory';
import { testPasswordHasher } from './password-hasher';
import { createTestApp, type TestApp, TestClient } from './test-app';

export const TEST_PASSWORD = 'password-1';

type AccountOptions = { email: string; role: 'admin' | 'user'; name?: string };

/** An account made straight in the database, already verified, with TEST_PASSWORD; its id. */
export async function verifiedAccount(db: Database, options: AccountOptions): Promise<string> {
  const { email, role, name = email.split('@')[0] ?? 'x' } = options;
  return createUserWithPassword(
    db,
    { email, name, password: TEST_PASSWORD, role, emailVerified: true },
    testPasswordHasher,
  );
}

/**
 * An account made straight in the database, already verified, and a client signed in to it:
 * the way to get an admin, whom nobody can sign up as.
 */
export async function signedInAccount(
  app: FastifyInstance,
  db: Database,
  options: AccountOptions,
): Promise<{ client: TestClient; id: string }> {
  const id = await verifiedAccount(db, options);
  const client = new TestClient(app);
  const signIn = await client.signIn(options.email, TEST_PASSWORD);
  if (signIn.statusCode !== 200) throw new Error(`${options.email} could not sign in: ${signIn.body}`);
  return { client, id };
}

/** The 6-digit code in an e-mail's text, if there is one. */
export const codeFrom = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1];

/**
 * Asks for a sign-in code for `email` the way the login page does, and reads the code from the
 * e-mail the outbox sends (undefined when none came).
 */
export async function emailedSignInCode(t: TestApp, client: TestClient, email: string) {
  await client.post('/api/auth/email-otp/send-verification-otp', { email, type: 'sign-in' });
  await t.drainOutbox();
  return codeFrom(t.mailer.lastTo(email)?.text);
}

/** A customer who signed up through the real endpoint, signed in. */
export async function signedUpClient(app: FastifyInstance, name: string, email: string): Promise<TestClient> {
  const client = new TestClient(app);
  await client.signUp(name, email, TEST_PASSWORD);
  await client.signIn(email, TEST_PASSWORD);
  return client;
}

/**
 * New customers of one app, signed up one per call and numbered so no address repeats:
 * `${word}1@example.com`, named after the word ('buyer' makes 'Buyer 1'), then 2, and so on.
 */
export function customerSeries(app: () => FastifyInstance, word: string) {
  let n = 0;
  return async () => {
    n += 1;
    const email = `${word}${n}@example.com`;
    const c = await signedUpClient(app(), `${word[0]?.toUpperCase()}${word.slice(1)} ${n}`, email);
    return { c, email };
  };
}

/**
 * A fresh app with `stock` panels for sale (under the app's own key, so revealed passwords
 * read back) and an admin signed in: where the shop's API journeys start.
 */
export async function shopWithAdmin(options: {
  env?: Record<string, string>;
  clock?: () => Date;
  stock: number;
  adminEmail?: string;
}): Promise<{ t: TestApp; admin: TestClient }> {
  // Many customers sign up from one address here, as in no real deployment.
  const t = await createTestApp({ RATE_LIMIT_MULTIPLIER: '10', ...options.env }, { clock: options.clock });
  await t.app.ready();
  await addStock(t.database.db, options.stock, { key: t.secrets.panelSecretKey });
  const { client: admin } = await signedInAccount(t.app, t.database.db, {
    email: options.adminEmail ?? 'admin@example.com',
    name: 'Admin',
    role: 'admin',
  });
  return { t, admin };
}
