import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { Config } from './config';

export interface Secrets {
  sessionSecret: string;
  /** 32-byte AES-256-GCM key for panel passwords, hex encoded. */
  panelSecretKey: string;
}

const storedSchema = z.object({ sessionSecret: z.string().min(32), panelSecretKey: z.string().length(64) });

/**
 * Production passes both secrets in the environment (config enforces it). The embedded
 * set-up generates them once into DATA_DIR so a restart can still decrypt what it stored.
 */
export async function resolveSecrets(config: Config): Promise<Secrets> {
  if (config.sessionSecret && config.panelSecretKey) {
    return { sessionSecret: config.sessionSecret, panelSecretKey: config.panelSecretKey };
  }
  const file = join(config.dataDir, 'secrets.json');
  let stored: Secrets | undefined;
  try {
    stored = storedSchema.parse(JSON.parse(await readFile(file, 'utf8')));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') {
      throw new Error(
        `${file} is unreadable or malformed; restore it or set SESSION_SECRET and PANEL_SECRET_KEY`,
      );
    }
  }
  if (!stored) {
    stored = {
      sessionSecret: randomBytes(32).toString('hex'),
      panelSecretKey: randomBytes(32).toString('hex'),
    };
    await mkdir(config.dataDir, { recursive: true });
    await writeFile(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  }
  return {
    sessionSecret: config.sessionSecret ?? stored.sessionSecret,
    panelSecretKey: config.panelSecretKey ?? stored.panelSecretKey,
  };
}
