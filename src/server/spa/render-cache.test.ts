import { mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { SiteInfo } from '../../domain/site';
import { siteInfo } from '../site/site-info';
import { testConfig } from '../testing/test-config';
import type { RenderedSite } from './prerender';
import { cachedRenderAll } from './render-cache';

const site: SiteInfo = siteInfo(testConfig());

function counted() {
  const calls: SiteInfo[] = [];
  const renderAll = async (s: SiteInfo): Promise<RenderedSite> => {
    calls.push(s);
    return {
      pages: [['/', { html: `<p>${calls.length}</p>`, status: 200, title: 'Home', description: undefined }]],
      notFound: { html: '<p>404</p>', status: 404, title: undefined, description: undefined },
    };
  };
  return { calls, renderAll };
}

describe('the rendered pages kept between starts', () => {
  it('renders once for a build, a SiteInfo and a year, and reads the pages back after', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'render-cache-'));
    const { calls, renderAll } = counted();
    const year = { now: new Date('2026-06-01T00:00:00Z') };
    const start = (build: string) => cachedRenderAll(renderAll, { dir, build, now: () => year.now });

    const first = await start('build-1')(site);
    expect(await start('build-1')(site)).toEqual(first);
    expect(calls).toHaveLength(1);

    // Another build, other site details, a new year: each renders again and replaces the file.
    await start('build-2')(site);
    await start('build-2')({ ...site, brandName: 'Other' });
    year.now = new Date('2027-01-01T00:00:00Z');
    await start('build-2')({ ...site, brandName: 'Other' });
    expect(calls).toHaveLength(4);
    expect((await readdir(dir)).filter((f) => f.startsWith('rendered-pages-'))).toHaveLength(1);
  });

  it('renders again over a file it cannot read, and renders when it cannot keep the pages', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'render-cache-'));
    const { calls, renderAll } = counted();
    const start = () => cachedRenderAll(renderAll, { dir, build: 'b' });
    await start()(site);
    const [file] = (await readdir(dir)).filter((f) => f.startsWith('rendered-pages-'));
    await writeFile(join(dir, file!), '{"pages": "not pages"}');
    await start()(site);
    expect(calls).toHaveLength(2);

    const nowhere = cachedRenderAll(renderAll, { dir: join(dir, 'missing', 'folder'), build: 'b' });
    expect((await nowhere(site)).pages[0]![1].status).toBe(200);
    expect(calls).toHaveLength(3);
  });
});
