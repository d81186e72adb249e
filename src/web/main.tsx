import { standalonePage } from './public/page-list';
import { startSite } from './start-site';
import './styles.css';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
const root = container;

async function start(): Promise<void> {
  // A prerendered storefront page runs on its own; the app, with its router and query cache,
  // loads only for the other pages (and for the storefront once a visitor moves on from it).
  const load = root.firstElementChild ? standalonePage(window.location.pathname) : undefined;
  if (load) {
    const { default: page, meta } = await load();
    startSite(root, page, meta);
    return;
  }
  const { startApp } = await import('./start-app');
  await startApp(root);
}

void start();
