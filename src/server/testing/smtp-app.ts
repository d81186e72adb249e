import { buildApp } from '../app';
import { forSuite } from './for-suite';
import { testPasswordHasher } from './password-hasher';
import { startSmtpPeer } from './smtp-peer';
import { testConfig, testSecrets } from './test-config';
import { createTestDatabase } from './test-database';

/**
 * For a test file of real SMTP delivery: an SMTP peer, and the app sending to it (no test
 * mailer) with `env` added to its settings; all closed after the file.
 */
export function smtpAppForSuite(env: Record<string, string> = {}) {
  return forSuite(
    async () => {
      const peer = await startSmtpPeer();
      const database = await createTestDatabase();
      const config = testConfig({ SMTP_URL: peer.url, ...env });
      const app = await buildApp({
        firstSweepRoundsAfterMs: 0,
        config,
        database,
        secrets: testSecrets(),
        passwordHasher: testPasswordHasher,
      });
      await app.ready();
      return { peer, database, config, app };
    },
    async ({ peer, database, app }) => {
      await app.close();
      await database.destroy();
      await peer.close();
    },
  );
}
