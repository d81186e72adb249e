import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { type AppDeps, buildApp } from '../app';
import { forSuite } from './for-suite';
import { testPasswordHasher } from './password-hasher';
import { testConfig, testSecrets } from './test-config';
import { createTestDatabase } from './test-database';

/**
 * The shape of the built index.html, what the server fills in at boot; `head` adds lines to its
 * head after the site data (the built page's theme script, say).
 */
export function builtShell(...head: string[]): string {
  return [
    '<!doctype html>',
    '<html lang="en">',
    '  <head>',
    '    <title>PanelHub</title>',
    '    <meta name="description" content="Default description." />',
    '    <!--site-data-->',
    ...head.map((line) => `    ${line}`),
    '  </head>',
    '  <body>',
    '    <div id="root"></div>',
    '  </body>',
    '</html>',
  ].join('\n');
}

/**
 * For a test file of the served web app: a web root in a temporary folder holding `files`
 * (path -> content), and the app serving it on a fresh database; all removed after the file.
 */
export function webAppForSuite(
  files: Record<string, string>,
  options: { env?: Record<string, string>; renderer?: AppDeps['renderer'] } = {},
) {
  return forSuite(
    async () => {
      const database = await createTestDatabase();
      const webRoot = await mkdtemp(join(tmpdir(), 'panelhub-web-'));
      for (const [path, content] of Object.entries(files)) {
        await mkdir(dirname(join(webRoot, path)), { recursive: true });
        await writeFile(join(webRoot, path), content);
      }
      const app = await buildApp({
        firstSweepRoundsAfterMs: 0,
        config: testConfig(options.env),
        database,
        secrets: testSecrets(),
        webRoot,
        passwordHasher: testPasswordHasher,
        ...(options.renderer ? { renderer: options.renderer } : {}),
      });
      return { app, database, webRoot };
    },
    async (web) => {
      await web.app.close();
      await web.database.destroy();
      await rm(web.webRoot, { recursive: true, force: true });
    },
  );
}
