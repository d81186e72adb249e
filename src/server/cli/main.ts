/**
 * `npm run cli -- <command>`: operator commands on the configured database.
 *   admin:create --email E --name N [--force]   (password from a prompt, or the first line of stdin)
 *   user:role --email E --role admin|user [--force]
 *   clock:advance --days N   (the sandbox clock, where card payments run on the sandbox)
 *   backup <file>    (a consistent snapshot of the database, gzip'd JSON lines)
 *   restore <file>   (into an empty database only)
 */
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfigFromEnvironment } from '../config';
import { DatabaseUnavailableError, openDatabase } from '../db/client';
import { runMigrations } from '../db/migrate';
import { backupCommand, parseFileArgument, restoreCommand } from './backup-commands';
import { advanceSandboxClock, CommandError, changeRole, createAdmin, refuseOffTheSandbox } from './commands';

const USAGE = `Usage:
  npm run cli -- admin:create --email E --name N [--force]   (asks for the password; or pipe it on stdin)
  npm run cli -- user:role --email E --role admin|user [--force]   (--force: promote an unconfirmed address)
  npm run cli -- clock:advance --days N   (moves the sandbox clock N days forward, 1 to 400)
  npm run cli -- backup <file>    (writes a consistent snapshot of the database; never overwrites a file)
  npm run cli -- restore <file>   (loads a backup into an empty database; refuses one holding data)`;

const COMMANDS = ['admin:create', 'user:role', 'clock:advance', 'backup', 'restore'];
/**
 * The commands on a file. They find the database as it is, unmigrated: a backup never
 * changes its source, and a restore migrates its target to the backup's level itself.
 */
const FILE_COMMANDS = ['backup', 'restore'];

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
  // Checked before the database is opened: a mistyped command costs nothing.
  const file = FILE_COMMANDS.includes(command) ? parseFileArgument(positionals) : undefined;
  if (file === undefined && positionals.length > 0) {
    console.error(`Unexpected argument '${positionals[0]}'.\n${USAGE}`);
    return 2;
  }
  const config = loadConfigFromEnvironment();
  if (command === 'clock:advance') refuseOffTheSandbox(config);
  if (config.database.kind === 'pglite') {
    // Opening a folder that is not there makes a new, empty database: a backup of that is a
    // mistake (DATA_DIR not set as the server has it), while a restore wants just that.
    if (command === 'backup' && !existsSync(config.database.dataDir)) {
      throw new CommandError(
        `There is no embedded database in ${config.database.dataDir}: set DATA_DIR (or DATABASE_URL) as the server has it.`,
        2,
      );
    }
    await mkdir(config.dataDir, { recursive: true });
  }
  const database = await openDatabase(
    config.database.kind === 'pglite'
      ? { kind: 'pglite', dataDir: config.database.dataDir }
      : config.database,
  );
  try {
    if (file === undefined) await runMigrations(database);
    const message =
      file !== undefined
        ? command === 'backup'
          ? await backupCommand(database, file)
          : await restoreCommand(database, file)
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
