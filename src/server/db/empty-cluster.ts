import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { brotliDecompress } from 'node:zlib';
import { z } from 'zod';
import { projectRoot } from '../paths';

/**
 * A committed copy of the empty PostgreSQL cluster the embedded engine makes on its first start
 * (`npm run db:cluster` writes it). Creating one runs initdb inside WebAssembly: 4.5 to 7 s of a
 * first start here, where unpacking the copy takes about a second (decision 0029).
 */
export const emptyClusterFile = join(projectRoot, 'src', 'server', 'db', 'cluster', 'empty-cluster.tar.br');
/** Which PGlite made the copy: another may lay out its cluster otherwise. */
export const emptyClusterManifestFile = join(
  projectRoot,
  'src',
  'server',
  'db',
  'cluster',
  'empty-cluster.json',
);

const manifestSchema = z.object({ pglite: z.string() });

/** The installed PGlite's version, from its package.json (its exports do not list that file). */
export async function installedPgliteVersion(): Promise<string> {
  let dir = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'));
  for (;;) {
    const file = join(dir, 'package.json');
    if (existsSync(file)) {
      const pkg = z
        .object({ name: z.string(), version: z.string() })
        .parse(JSON.parse(await readFile(file, 'utf8')));
      if (pkg.name === '@electric-sql/pglite') return pkg.version;
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error('no package.json for @electric-sql/pglite');
    dir = parent;
  }
}

/** The PGlite version that made the committed cluster, from its manifest. */
export async function committedClusterVersion(): Promise<string | undefined> {
  if (!existsSync(emptyClusterManifestFile)) return undefined;
  return manifestSchema.parse(JSON.parse(await readFile(emptyClusterManifestFile, 'utf8'))).pglite;
}

/** The committed cluster as the tar PGlite loads, or undefined when the installed PGlite did not make it. */
export async function committedEmptyCluster(): Promise<Blob | undefined> {
  const [made, installed] = await Promise.all([committedClusterVersion(), installedPgliteVersion()]);
  if (made === undefined || made !== installed || !existsSync(emptyClusterFile)) return undefined;
  const tar = await promisify(brotliDecompress)(await readFile(emptyClusterFile));
  return new Blob([tar]);
}

/**
 * What a new embedded database starts from: the committed cluster when `dataDir` holds none
 * yet (or the database lives in memory), else nothing, and PGlite opens or creates its own.
 */
export async function startingCluster(dataDir: string | undefined): Promise<Blob | undefined> {
  if (dataDir !== undefined && existsSync(join(dataDir, 'PG_VERSION'))) return undefined;
  return committedEmptyCluster();
}
