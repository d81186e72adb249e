import { mkdir } from 'node:fs/promises';
import { type Config, ConfigError, loadConfigFromEnvironment } from './config';
import { createPanelCipher } from './crypto/panel-password';
import { DatabaseUnavailableError, openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { resolveSecrets } from './secrets';
import { loadWebAppFor } from './wiring/web-app';

/**
 * Shutdown's outer bound: under the 15 s an operator may give a process (docs/operations.md),
 * above the 10 s a webhook send in flight may take.
 */
const SHUTDOWN_DEADLINE_MS = 14_000;

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

export async function main(options: { webRoot?: string } = {}): Promise<void> {
  let config: Config;
  try {
    config = loadConfigFromEnvironment();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }

  const webRoot = options.webRoot ? { webRoot: options.webRoot } : {};
  const webApp = loadWebAppFor(config, webRoot);
  await mkdir(config.dataDir, { recursive: true });
  const secrets = await resolveSecrets(config);
  // The database opens while the rest of the server loads: the embedded engine compiles on
  // other threads, and PostgreSQL answers over the network, as the modules are read. `npm run
  // build` splits the bundle at these imports (scripts/build-server.ts), so nothing of the web
  // framework, the auth library or the payment code is read before the database is asked for.
  const opening = openDatabase(
    config.database.kind === 'pglite'
      ? { kind: 'pglite', dataDir: config.database.dataDir }
      : config.database,
  );
  opening.catch(() => undefined);
  const [{ buildApp }, seed] = await Promise.all([
    import('./app'),
    config.demoMode ? import('./demo/seed') : undefined,
  ]);
  const database = await opening.catch((error: unknown) => {
    if (error instanceof DatabaseUnavailableError) fail(error.message);
    throw error;
  });
  await runMigrations(database);
  if (seed) await seed.seedDemoData(database.db, createPanelCipher(secrets.panelSecretKey));

  const app = await buildApp({
    config,
    database,
    secrets,
    ...webRoot,
    webApp,
  });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal, role: config.role }, 'shutting down');
    // Orchestrators kill a process that has not exited after their grace period; leaving first
    // lets the log say so. What is still claimed then goes back when its lease runs out.
    setTimeout(() => {
      app.log.error(`shutdown did not finish within ${SHUTDOWN_DEADLINE_MS / 1000} s; exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    try {
      await app.close();
      // Closing PGlite flushes its files, so the next start finds an intact database.
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error while shutting down');
      process.exit(1);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const role = config.role === 'all' ? '' : `, role: ${config.role}`;
  app.log.info(
    config.role === 'worker'
      ? `${config.brand.name} worker is running; health probes on port ${config.port} (database: ${database.driver.kind})`
      : `${config.brand.name} is running at ${config.publicUrl} (database: ${database.driver.kind}${role}${config.demoMode ? ', demo mode' : ''})`,
  );
}
