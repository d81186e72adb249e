import { mkdir } from 'node:fs/promises';
import { buildApp, loadWebAppFor } from './app';
import { type Config, ConfigError, loadConfigFromEnvironment } from './config';
import { createPanelCipher } from './crypto/panel-password';
import { DatabaseUnavailableError, openDatabase } from './db/client';
import { runMigrations } from './db/migrate';
import { seedDemoData } from './demo/seed';
import { resolveSecrets } from './secrets';

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
  const database = await openDatabase(
    config.database.kind === 'pglite'
      ? { kind: 'pglite', dataDir: config.database.dataDir }
      : config.database,
  ).catch((error: unknown) => {
    if (error instanceof DatabaseUnavailableError) fail(error.message);
    throw error;
  });
  await runMigrations(database);
  if (config.demoMode) {
    await seedDemoData(database.db, createPanelCipher(secrets.panelSecretKey));
  }

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
