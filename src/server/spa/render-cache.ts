import { createHash } from 'node:crypto';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';
import type { RenderAll, RenderedSite } from './prerender';

const renderedPage = z.object({
  html: z.string(),
  status: z.number().int(),
  title: z.string().optional(),
  description: z.string().optional(),
});
const renderedSite = z.object({
  pages: z.array(z.tuple([z.string(), renderedPage])),
  notFound: renderedPage,
});

const PREFIX = 'rendered-pages-';

/**
 * The public pages as the last start rendered them, kept in the data folder: a restart with the
 * same build, the same SiteInfo and in the same year (the footer shows it) reads them back
 * instead of starting the prerender's child process, which held a start back by a third of a
 * second on a quiet machine (docs/performance.md). Anything else renders anew and replaces the
 * file; a file that cannot be read or written only costs the render.
 */
export function cachedRenderAll(
  renderAll: RenderAll,
  options: { dir: string; build: string; now?: () => Date },
): RenderAll {
  const now = options.now ?? (() => new Date());
  return async (site) => {
    const key = createHash('sha256')
      .update(options.build)
      .update(JSON.stringify(site))
      .update(String(now().getFullYear()))
      .digest('hex')
      .slice(0, 32);
    const file = join(options.dir, `${PREFIX}${key}.json`);
    const kept = await readFile(file, 'utf8')
      .then((text) => renderedSite.safeParse(JSON.parse(text)))
      .catch(() => undefined);
    if (kept?.success) return kept.data as RenderedSite;
    const rendered = await renderAll(site);
    await keep(options.dir, file, rendered).catch(() => undefined);
    return rendered;
  };
}

async function keep(dir: string, file: string, rendered: RenderedSite): Promise<void> {
  const partial = `${file}.${process.pid}.partial`;
  await writeFile(partial, JSON.stringify(rendered));
  await rename(partial, file);
  for (const entry of await readdir(dir)) {
    const path = join(dir, entry);
    if (entry.startsWith(PREFIX) && path !== file) await rm(path, { force: true });
  }
}

/** What names one build of the prerenderer: its entry's content, which names every chunk by hash. */
export async function buildIdentity(entry: string): Promise<string> {
  return createHash('sha256')
    .update(await readFile(entry))
    .digest('hex');
}
