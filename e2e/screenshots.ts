import { expect, type Page } from '@playwright/test';
import { axeViolations, settled } from './admin-helpers';

const VARIANTS = [
  { width: 1280, height: 900, theme: 'light' },
  { width: 1280, height: 900, theme: 'dark' },
  { width: 375, height: 812, theme: 'light' },
  { width: 375, height: 812, theme: 'dark' },
] as const;

/**
 * Full-page shots of a screen at 1280 and 375 wide, light and dark, into
 * test-results/screenshots (for people to look at; never committed). `open` brings the page
 * to the state to shoot in each variant; each shot must fit the screen's width and pass axe.
 */
export async function shootEveryVariant(page: Page, name: string, open: (page: Page) => Promise<void>) {
  for (const { width, height, theme } of VARIANTS) {
    await page.setViewportSize({ width, height });
    await page.evaluate((value) => localStorage.setItem('ui-theme', value), theme);
    await open(page);
    await settled(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width}px is wider than the screen`).toBeLessThanOrEqual(0);
    await page.screenshot({ path: `test-results/screenshots/${name}-${width}-${theme}.png`, fullPage: true });
    expect(await axeViolations(page), `${name} at ${width}px, ${theme}`).toEqual([]);
  }
}
