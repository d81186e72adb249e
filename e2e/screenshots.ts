import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import axe from 'axe-core';

const VARIANTS = [
  { width: 1280, height: 900, theme: 'light' },
  { width: 1280, height: 900, theme: 'dark' },
  { width: 375, height: 812, theme: 'light' },
  { width: 375, height: 812, theme: 'dark' },
] as const;

type AxeWindow = Window & { axe: typeof axe };

/**
 * axe's findings as 'rule: elements', so a failure says what to fix.
 *
 * axe-core runs in the page itself, injected once per document, with every rule axe turns on by
 * default. AxeBuilder's default way is made for pages with cross-origin frames: it runs axe in
 * every frame, then opens a blank tab, injects axe there a second time and merges the frames'
 * results in it; its legacy mode skips the tab but still injects axe twice. Our pages have no
 * frame, so the rules, the document and the findings are the same (side by side on six screens,
 * light and dark), in a third of the time: 2.1 s a page against 5.9 s, and 3.4 s in legacy mode
 * (load 9). A page that has a frame still goes through AxeBuilder.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  let violations: axe.Result[];
  if (page.frames().length > 1) {
    violations = (await new AxeBuilder({ page }).analyze()).violations;
  } else {
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
    violations = await page.evaluate(() =>
      (window as unknown as AxeWindow).axe
        .run(document, { resultTypes: ['violations'] })
        .then((r) => r.violations),
    );
  }
  return violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Waits for running CSS transitions (a dialog fading in) so a screenshot shows the end state. */
export async function settled(page: Page): Promise<void> {
  // Endless ones (a skeleton's pulse, a spinner) never settle and are left out.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Number.POSITIVE_INFINITY,
      ),
  );
}

/**
 * What each shot is checked for. The older journeys were written with fewer checks and keep
 * them, so a screen that never passed axe or the width check does not fail them now.
 */
export interface ShotChecks {
  /** axe finds nothing (default), at every width or at 1280 only ('wide'). */
  axe?: boolean | 'wide';
  /** Nothing makes the page wider than the screen (default). */
  fitsWidth?: boolean;
  /** Wait for transitions to end before the checks and the shot (default). */
  settle?: boolean;
  /**
   * The whole page (default), or only the screen: a modal is fixed to the viewport, so a
   * full-page shot would misplace it.
   */
  fullPage?: boolean;
}

/**
 * Shots of a screen at 1280 and 375 wide, light and dark, into test-results/screenshots (for
 * people to look at; never committed). `open` brings the page to the state to shoot in each
 * variant.
 */
export async function shootEveryVariant(
  page: Page,
  name: string,
  open: (page: Page) => Promise<void>,
  checks: ShotChecks = {},
) {
  const { axe = true, fitsWidth = true, settle = true, fullPage = true } = checks;
  for (const { width, height, theme } of VARIANTS) {
    await page.setViewportSize({ width, height });
    await page.evaluate((value) => localStorage.setItem('ui-theme', value), theme);
    await open(page);
    if (settle) await settled(page);
    if (fitsWidth) {
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${name} at ${width}px is wider than the screen`).toBeLessThanOrEqual(0);
    }
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}-${theme}.png`, fullPage });
    if (axe === true || (axe === 'wide' && width === 1280))
      expect(await axeViolations(page), `${name} at ${width}px, ${theme}`).toEqual([]);
  }
}

/** An `open` for shootEveryVariant: go to `path`, then wait for what shows it is ready. */
export const opening =
  (path: string, ready: (page: Page) => Promise<void>) =>
  async (page: Page): Promise<void> => {
    await page.goto(path);
    await ready(page);
  };

/** shootEveryVariant for a view with a dialog open: go to `path`, open it, shoot the screen. */
export const shootDialog = (page: Page, name: string, path: string, open: (page: Page) => Promise<void>) =>
  shootEveryVariant(page, name, opening(path, open), { fullPage: false });
