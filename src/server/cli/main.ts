/**
 * `npm run cli -- <command>`: operator commands on the configured database.
 *   admin:create --email E --name N [--force]   (password from a prompt, or the first line of stdin)
 *   user:role --email E --role admin|user [--force]
 *   clock:advance --days N   (the sandbox clock, where card payments run on the sandbox)
 *   backup <file>    (a consistent snapshot of the database, gzip'd JSON lines)
 *   restore <file>   (into an empty database only)
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfigFromEnvironment } from '../config';
import { DatabaseUnavailableError, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { backupCommand, restoreCommand } from './backup-commands';
import { advanceSandboxClock, CommandError, changeRole, createAdmin, refuseOffTheSandbox } from './commands';

const USAGE = `Usage:
  npm run cli -- admin:create --email E --name N [--force]   (asks for the password; or pipe it on stdin)
  npm run cli -- user:role --email E --role admin|user [--force]   (--force: promote an unconfirmed address)
  npm run cli -- clock:advance --days N   (moves the sandbox clock N days forward, 1 to 400)
  npm run cli -- backup <file>    (writes a consistent snapshot of the database; never overwrites a file)
  npm run cli -- restore <file>   (loads a backup into an empty database; refuses one holding data)`;

const COMMANDS = ['admin:create', 'user:role', 'clock:advance', 'backup', 'restore'];
/** Commands that must find the database as it is: a backup never changes its source, and a
 * restore migrates its target to the backup's level itself. */
const WITHOUT_MIGRATING = ['backup', 'restore'];

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) {
    const rl = createInterface({ input: process.stdin });
    for await (const line of rl) return line;
    return '';
  }
  // Echo is muted so the password never shows on screen or in the terminal scrollback.
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  const output = rl as unknown as { _writeToOutput: (s: string) => void };
  process.stdout.write('Password (at least 8 characters): ');
  output._writeToOutput = () => {};
  const answer = await new Promise<string>((resolve) => rl.question('', resolve));
  rl.close();
  process.stdout.write('\n');
  return answer;
}

async function run(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      name: { type: 'string' },
      role: { type: 'string' },
      force: { type: 'boolean' },
      days: { type: 'string' },
    },
    strict: true,
  });
  if (!command || !COMMANDS.includes(command)) {
    console.error(USAGE);
    return 2;
  }
  const config = loadConfigFromEnvironment();
  if (command === 'clock:advance') refuseOffTheSandbox(config);
  const database = await openDatabase(
    config.database.kind === 'pglite'
      ? { kind: 'pglite', dataDir: config.database.dataDir }
      : config.database,
  );
  try {
    if (!WITHOUT_MIGRATING.includes(command)) await runMigrations(database);
    const message =
      command === 'backup'
        ? await backupCommand(database, positionals)
        : command === 'restore'
          ? await restoreCommand(database, positionals)
          : command === 'admin:create'
            ? await createAdmin(
                database.db,
                {
                  email: values.email,
                  name: values.name,
                  password: await readPassword(),
                },
                { force: values.force === true, config },
              )
            : command === 'user:role'
              ? await changeRole(database.db, {
                  email: values.email,
                  role: values.role,
                  force: values.force === true,
                })
              : await advanceSandboxClock({ config, database }, { days: values.days });
    console.log(message);
    return 0;
  } finally {
    await database.close();
  }
}

run().then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (
      error instanceof CommandError ||
      error instanceof ConfigError ||
      error instanceof DatabaseUnavailableError
    ) {
      console.error(error.message);
      process.exit(error instanceof CommandError ? error.exitCode : 1);
    } else if (
      error instanceof Error &&
      error.name === 'TypeError' &&
      error.message.includes('Unknown option')
    ) {
      console.error(`${error.message}\n${USAGE}`);
    } else console.error(error);
    process.exit(1);
  },
);
