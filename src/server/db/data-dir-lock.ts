import { open, readFile, unlink } from 'node:fs/promises';

export class DataDirInUseError extends Error {
  override name = 'DataDirInUseError';
  constructor(dataDir: string, holder: number) {
    super(
      `The embedded database in ${dataDir} is in use by process ${holder}: stop that server (or command) first, or set DATABASE_URL to share a PostgreSQL database.`,
    );
  }
}

/** Claims this process holds: a file naming our own id but not listed here is from an earlier
 * life with the same id (a container's server is often process 1 after every restart). */
const held = new Set<string>();

/** Whether a process with this id is alive: signal 0 checks without signalling. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims the embedded database's folder for this process until the returned release runs.
 * PGlite has no server to share a folder through, and two processes writing one corrupt it; the
 * process that holds the claim also sees every write, which db/read-memo.ts relies on. The
 * claim is a file beside the folder holding the process id; one left by a process that died,
 * or by an earlier life of this process id, is taken over.
 */
export async function claimDataDir(dataDir: string): Promise<() => Promise<void>> {
  const path = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const file = await open(path, 'wx');
      await file.writeFile(String(process.pid));
      await file.close();
      held.add(path);
      return async () => {
        held.delete(path);
        await unlink(path).catch(() => {});
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const holder = Number((await readFile(path, 'utf8').catch(() => '')).trim());
      const ours = holder === process.pid;
      if (Number.isInteger(holder) && holder > 0 && (ours ? held.has(path) : alive(holder))) {
        throw new DataDirInUseError(dataDir, holder);
      }
      await unlink(path).catch(() => {});
    }
  }
  throw new Error(`Could not claim the embedded database in ${dataDir}.`);
}
