import { test } from '@playwright/test';
import { PUBLIC_PAGES, THEMES, themedContext, waitForHydration } from './public-helpers';

/**
 * Full-page screenshots of every public page for a person to look at (not compared
 * automatically): 1280 and 375 wide, light and dark, in test-results/screenshots/ (never committed).
 */
const DIR = process.env.SCREENSHOT_DIR ?? 'test-results/screenshots';

test('public pages at 1280 and 375, light and dark', async ({ browser }) => {
  test.setTimeout(240_000);
  for (const theme of THEMES) {
    for (const width of [1280, 375]) {
      // Reduced motion so a full-page shot shows the sections still waiting for their scroll animation.
      const context = await themedContext(browser, theme, {
        viewport: { width, height: 900 },
        reducedMotion: 'reduce',
      });
      const page = await context.newPage();
      for (const { path } of PUBLIC_PAGES) {
        await page.goto(path);
        await waitForHydration(page);
        const name = path === '/' ? 'home' : path.slice(1);
        await page.screenshot({
          path: `${DIR}/public-${name}-${width}-${theme}.png`,
          fullPage: true,
        });
      }
      await context.close();
    }
  }
});
