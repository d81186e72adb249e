/** Serves the built app on a fresh embedded database for the browser journeys. */
import { rmSync } from 'node:fs';
import { defaultWebRoot, main } from '../src/server/main';

rmSync('.data-e2e', { recursive: true, force: true });
await main({ webRoot: defaultWebRoot });
