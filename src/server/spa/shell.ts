import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  SITE_DATA_ELEMENT_ID,
  SITE_DATA_PLACEHOLDER,
  type SiteInfo,
  serializeForScript,
} from '../../domain/site';
import { type HtmlPage, htmlPage } from './prerender';

/*
 * The documents the server sends: the built shell and the prerendered pages with this
 * installation's SiteInfo in them. Apart from the routes that serve them (static.ts), so the
 * start reads them before it loads the web framework.
 */

/** sha256 sources for the inline scripts of the built pages, so the CSP can allow exactly them. */
export function inlineScriptHashes(html: string): string[] {
  const hashes: string[] = [];
  // Scripts with a src are covered by 'self'; JSON data scripts never execute.
  for (const match of html.matchAll(
    /<script(?![^>]*\b(?:src=|type="application\/json"))[^>]*>([\s\S]*?)<\/script>/g,
  )) {
    const body = match[1] ?? '';
    if (body.trim()) hashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
  }
  return hashes;
}

const siteDataElement = (site: SiteInfo) =>
  `<script id="${SITE_DATA_ELEMENT_ID}" type="application/json">${serializeForScript(site)}</script>`;

/** The built index.html with this installation's SiteInfo embedded, read once at boot. */
export function readShell(webRoot: string, site: SiteInfo): string | undefined {
  const file = join(webRoot, 'index.html');
  if (!existsSync(file)) return undefined;
  return readFileSync(file, 'utf8').replace(SITE_DATA_PLACEHOLDER, siteDataElement(site));
}

/** The served documents as SiteInfo is now, from the documents made at boot. */
export interface LiveSiteData {
  shell(bootShell: string): string;
  page(bootPage: HtmlPage): HtmlPage;
}

/**
 * The shell and the prerendered pages carry the SiteInfo of boot, but part of it moves while
 * the server runs (the sandbox clock's offset). A document is served as made at boot while
 * nothing moved; after a change it is rewritten, and compressed again, once per change and
 * document, not per request. Its element is JSON, which the content security policy's script
 * hashes leave out, so the policy still holds.
 */
export function liveSiteData(bootSite: SiteInfo, currentSite: () => SiteInfo): LiveSiteData {
  const boot = siteDataElement(bootSite);
  let current = { element: boot, shell: new Map<string, string>(), pages: new WeakMap<HtmlPage, HtmlPage>() };
  const now = () => {
    const element = siteDataElement(currentSite());
    if (element !== current.element) current = { element, shell: new Map(), pages: new WeakMap() };
    return current;
  };
  return {
    shell(bootShell) {
      const { element, shell } = now();
      if (element === boot) return bootShell;
      let served = shell.get(bootShell);
      if (served === undefined) {
        served = bootShell.replace(boot, element);
        shell.set(bootShell, served);
      }
      return served;
    },
    page(bootPage) {
      const { element, pages } = now();
      if (element === boot) return bootPage;
      let served = pages.get(bootPage);
      if (!served) {
        served = htmlPage(bootPage.status, bootPage.html.replace(boot, element));
        pages.set(bootPage, served);
      }
      return served;
    },
  };
}
