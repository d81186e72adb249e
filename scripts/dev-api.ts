/** The API alone, for `npm run dev` (Vite serves the web app). */
import { main } from '../src/server/main';

await main();
