import { buildApp } from '../app';
import { forSuite } from './for-suite';
import { testPasswordHasher } from './password-hasher';
import { createRecordingMailer } from './test-app';
import { testConfig, testSecrets } from './test-config';
import { createTestDatabase } from './test-database';

/**
 * Two app instances on one database for the tests of one file, as production scales out: B
 * reaches the database through a connection of its own (on PostgreSQL its own pool, as a second
 * server would), and each instance sends its e-mail through a mailer of its own.
 */
export const twoInstancesForSuite = () =>
  forSuite(
    async () => {
      const database = await createTestDatabase();
      const second = await database.openAnother();
      const secrets = testSecrets();
      const config = testConfig({ RATE_LIMIT_MULTIPLIER: '10' });
      const passwordHasher = testPasswordHasher;
      const mailA = createRecordingMailer();
      const mailB = createRecordingMailer();
      const a = await buildApp({
        firstSweepRoundsAfterMs: 0,
        config,
        database,
        secrets,
        mailer: mailA,
        passwordHasher,
      });
      const b = await buildApp({
        firstSweepRoundsAfterMs: 0,
        config,
        database: second,
        secrets,
        mailer: mailB,
        passwordHasher,
      });
      await Promise.all([a.ready(), b.ready()]);
      return { database, second, a, b, mailA, mailB };
    },
    async ({ database, second, a, b }) => {
      await a.close();
      await b.close();
      await second.close();
      await database.destroy();
    },
  );
