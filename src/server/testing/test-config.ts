import { randomBytes } from 'node:crypto';
import { type Config, loadConfig } from '../config';
import type { Secrets } from '../secrets';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: '/nonexistent', ...overrides });
}

export function testSecrets(): Secrets {
  return { sessionSecret: randomBytes(32).toString('hex'), panelSecretKey: randomBytes(32).toString('hex') };
}

/** A PostgreSQL server for the database tests; unset = in-memory PGlite. */
export function testDatabaseUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined;
}

/** Which database the tests run on, for test names. */
export const TEST_DATABASE_NAME = testDatabaseUrl() ? 'PostgreSQL' : 'PGlite';
