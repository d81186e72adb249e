/**
 * The production server: migrations, demo seed when configured, then the API and the built web
 * app on one port. `npm run build` compiles this file and what it imports to dist/server/serve.js,
 * which `npm start` runs with plain node.
 */
import { main } from './main';
import { defaultWebRoot } from './paths';

await main({ webRoot: defaultWebRoot });
