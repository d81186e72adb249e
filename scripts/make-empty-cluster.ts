/**
 * `npm run db:cluster`: writes the committed empty cluster (src/server/db/empty-cluster.ts) with
 * the installed PGlite. Run it after upgrading PGlite; a test fails until it has been.
 */
import { writeFile } from 'node:fs/promises';
import { brotliCompressSync, constants } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import {
  emptyClusterFile,
  emptyClusterManifestFile,
  installedPgliteVersion,
} from '../src/server/db/empty-cluster';

const engine = await PGlite.create();
const tar = Buffer.from(await (await engine.dumpDataDir('none')).arrayBuffer());
await engine.close();
// Brotli at its densest: 40 MB of cluster files to about 1.3 MB, unpacked in a fraction of a second.
const packed = brotliCompressSync(tar, {
  params: {
    [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
    [constants.BROTLI_PARAM_LGWIN]: constants.BROTLI_MAX_WINDOW_BITS,
    [constants.BROTLI_PARAM_SIZE_HINT]: tar.length,
  },
});
await writeFile(emptyClusterFile, packed);
await writeFile(
  emptyClusterManifestFile,
  `${JSON.stringify({ pglite: await installedPgliteVersion() }, null, 2)}\n`,
);
console.log(`wrote ${emptyClusterFile} (${packed.length} bytes)`);
