import { QueryClientProvider } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import {
  createStaticHandler,
  createStaticRouter,
  type RouteObject,
  StaticRouterProvider,
} from 'react-router';
import { describe, expect, it } from 'vitest';
import type { SiteInfo } from '../../domain/site';
import { createQueryClient } from '../lib/query-client';
import { SiteProvider } from '../lib/site';
import { ROUTE_ERROR_TITLE, withErrorPage } from './route-error';

const site = { brandName: 'MailDesk', social: {}, demo: null } as unknown as SiteInfo;

/** The markup `table` renders at `path`, as the prerenderer renders it (entry-server.tsx). */
async function renderAt(table: RouteObject[], path: string): Promise<string> {
  const handler = createStaticHandler(table);
  const context = await handler.query(new Request(`http://test.invalid${path}`));
  if (context instanceof Response) throw new Error('unexpected redirect');
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToString(
    <QueryClientProvider client={createQueryClient()}>
      <SiteProvider value={site}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </SiteProvider>
    </QueryClientProvider>,
  );
}

const Fine = () => <p>fine page</p>;

describe('the area error page', () => {
  // Fizz (react-dom/server) does not run error boundaries, so the page here fails while loading
  // its module, the other way a page throws; in the browser a render error reaches the same route
  // ErrorBoundary through the router's own render boundary.
  it('replaces a page that throws with "Something went wrong", a Retry button and a link home', async () => {
    const html = await renderAt(
      [
        withErrorPage([
          {
            path: '/broken',
            lazy: async () => {
              throw new Error('the page module could not be loaded');
            },
          },
          { path: '/fine', Component: Fine },
        ]),
      ],
      '/broken',
    );
    expect(html).toContain(`<h1 class="text-2xl font-semibold">${ROUTE_ERROR_TITLE}</h1>`);
    expect(html).toMatch(/<button type="button"[^>]*>.*Retry<\/button>/);
    expect(html).toMatch(/<a [^>]*href="\/"[^>]*>Go to the home page<\/a>/);
    expect(html).not.toContain('could not be loaded');
  });

  it('leaves the pages of the area that work alone', async () => {
    const html = await renderAt([withErrorPage([{ path: '/fine', Component: Fine }])], '/fine');
    expect(html).toBe('<p>fine page</p>');
  });
});
