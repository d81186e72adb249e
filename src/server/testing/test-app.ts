import type { FastifyBaseLogger, FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app';
import type { EmailMessage, Mailer } from '../mail/send-email';
import type { SweepDeps } from '../outbox/runner';
import type { Secrets } from '../secrets';
import { forSuite } from './for-suite';
import { testPasswordHasher } from './password-hasher';
import { testConfig, testSecrets } from './test-config';
import { createTestDatabase, type TestDatabase } from './test-database';

export interface RecordingMailer extends Mailer {
  sent: EmailMessage[];
  /** The last message sent to an address. */
  lastTo(email: string): EmailMessage | undefined;
}

export function createRecordingMailer(): RecordingMailer {
  const sent: EmailMessage[] = [];
  return {
    sent,
    async sendEmail(message) {
      sent.push(message);
    },
    lastTo(email) {
      return sent.filter((m) => m.to === email).at(-1);
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  secrets: Secrets;
  database: TestDatabase;
  /** The transport the outbox sends through: read it after drainOutbox(). */
  mailer: RecordingMailer;
  /** Sends every message due now (product mail goes through the outbox, not at once). */
  drainOutbox(): Promise<void>;
  /** Runs `act`, drains the outbox, and gives what `act` returned and the e-mails sent meanwhile. */
  mailSentBy<T>(act: () => Promise<T>): Promise<{ result: T; mail: EmailMessage[] }>;
  close(): Promise<void>;
}

/** The whole API on a fresh test database, with mail recorded instead of sent. */
export async function createTestApp(
  env: Record<string, string> = {},
  options: { clock?: () => Date; logDestination?: { write(line: string): void } } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const mailer = createRecordingMailer();
  const secrets = testSecrets();
  const app = await buildApp({
    firstSweepRoundsAfterMs: 0,
    config: testConfig(env),
    database,
    secrets,
    mailer,
    passwordHasher: testPasswordHasher,
    ...options,
  });
  const drainOutbox = async () => {
    await app.outbox.run();
  };
  return {
    app,
    secrets,
    database,
    mailer,
    drainOutbox,
    mailSentBy: async (act) => {
      const before = mailer.sent.length;
      const result = await act();
      await drainOutbox();
      return { result, mail: mailer.sent.slice(before) };
    },
    close: async () => {
      await app.close();
      await database.destroy();
    },
  };
}

/** What a sweep on a timer is given, pointed at the test app: its outbox, quiet logs, `now`. */
export function sweepDeps(
  t: TestApp,
  env: Record<string, string>,
  now: () => Date,
): SweepDeps & { log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'> } {
  const quiet = () => {};
  return {
    config: testConfig(env),
    db: t.database.db,
    outbox: t.app.outbox,
    log: { info: quiet, warn: quiet, error: quiet },
    now,
  };
}

/** A cookie jar over app.inject, as a browser would keep one. */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(private readonly app: FastifyInstance) {}

  /** The instance a request goes to; a subclass may spread requests over several. */
  protected target(): FastifyInstance {
    return this.app;
  }

  async request(options: InjectOptions): Promise<LightMyRequestResponse> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const response = await this.target().inject({
      ...options,
      headers: { ...(cookie ? { cookie } : {}), ...options.headers },
    });
    for (const c of response.cookies) {
      if (c.value === '' || (c.maxAge !== undefined && c.maxAge <= 0)) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return response;
  }

  get(url: string) {
    return this.request({ method: 'GET', url });
  }

  post(url: string, payload: unknown = {}) {
    return this.request({ method: 'POST', url, payload: payload as InjectOptions['payload'] });
  }

  put(url: string, payload: unknown) {
    return this.request({ method: 'PUT', url, payload: payload as InjectOptions['payload'] });
  }

  hasSession(): boolean {
    return [...this.cookies.keys()].some((k) => k.endsWith('session_token'));
  }

  async signUp(name: string, email: string, password: string) {
    return this.post('/api/auth/sign-up/email', { name, email, password });
  }

  async signIn(email: string, password: string) {
    return this.post('/api/auth/sign-in/email', { email, password });
  }

  /** Changes the password and signs the account's other sessions out, as the settings page does. */
  async changePassword(currentPassword: string, newPassword: string) {
    return this.post('/api/auth/change-password', {
      currentPassword,
      newPassword,
      revokeOtherSessions: true,
    });
  }
}

/** createTestApp for the tests of one file or describe block: opened before them, closed after. */
export const testAppForSuite = (...args: Parameters<typeof createTestApp>): TestApp =>
  forSuite(
    () => createTestApp(...args),
    (t) => t.close(),
  );
