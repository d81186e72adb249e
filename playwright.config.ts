import { defineConfig, devices } from '@playwright/test';

// E2E_PORT lets two checkouts run their journeys side by side.
const port = Number(process.env.E2E_PORT ?? 3100);

/** Debian's Chromium: Playwright cannot download its own browser on these machines. */
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? 'line' : 'list',
  // CI's log then names the files that cost the most, so the run's length can be worked on.
  reportSlowTests: { max: 25, threshold: 45_000 },
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    launchOptions: chromium,
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], launchOptions: chromium } }],
  webServer: {
    // A fresh embedded database for every run, with the demo data seeded.
    command: 'node scripts/e2e-server.mjs',
    url: `http://127.0.0.1:${port}/api/ready`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: '.data-e2e',
      LOG_LEVEL: 'warn',
      DEMO_MODE: 'true',
      // The browser opens 127.0.0.1, so that is the origin the CSRF check must accept.
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      // Every journey signs up and in from 127.0.0.1, as no real visitor does.
      RATE_LIMIT_MULTIPLIER: '20',
    },
  },
});
