import { type ComponentType, startTransition, useEffect } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import {
  type FrameProps,
  isPlainClick,
  plainNavigation,
  type SiteLinkProps,
  type SiteNavigation,
  SiteNavigationProvider,
} from './public/layout/site-navigation';
import type { PageMeta } from './public/meta';
import { SiteProviders } from './site-providers';

/**
 * A prerendered storefront page on its own: React hydrates it with plain links and no router,
 * query cache or toasts, which is all a visitor reading it needs. The app (start-app.tsx) comes
 * in when it is wanted: a link followed inside the site, or a signed-in user on a page shown in
 * the app's layout. It then takes the page over, and from there on moves without reloads.
 */
export function startSite(container: HTMLElement, page: ComponentType, meta: PageMeta): void {
  let root: Root | undefined;
  let takingOver = false;

  const takeOver = async (to?: string) => {
    if (takingOver || !root) return;
    takingOver = true;
    try {
      const { startApp } = await import('./start-app');
      await startApp(container, { root, ...(to === undefined ? {} : { to }) });
    } catch {
      // The app's chunks could not be had (a dropped connection, a deploy that replaced them):
      // a followed link still leads where it says, as a full page load, and a later link or
      // sign-in may try again instead of finding the takeover forever under way.
      takingOver = false;
      if (to !== undefined) window.location.assign(to);
    }
  };

  function SiteLink({ to, onClick, ...props }: SiteLinkProps) {
    return (
      <a
        href={to}
        onClick={(event) => {
          onClick?.(event);
          if (!isPlainClick(event)) return;
          event.preventDefault();
          void takeOver(to);
        }}
        {...props}
      />
    );
  }

  function SignedInFrame({ storefront }: FrameProps) {
    useEffect(() => void takeOver(), []);
    return storefront;
  }

  const { pathname, hash } = window.location;
  const navigation: SiteNavigation = {
    ...plainNavigation({ pathname, hash }, meta),
    Link: SiteLink,
    SignedInFrame,
  };
  const Page = page;
  // Hydrating as a transition lets React yield to the browser between chunks of work, so a
  // long page does not block input while it becomes interactive.
  startTransition(() => {
    root = hydrateRoot(
      container,
      <SiteProviders>
        <SiteNavigationProvider value={navigation}>
          <Page />
        </SiteNavigationProvider>
      </SiteProviders>,
    );
  });
}
