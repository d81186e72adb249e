import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteNav } from './site-nav';
import { useSiteNavigation } from './site-navigation';
import { usePageMeta } from './use-page-meta';
import { useScrollToTop } from './use-scroll-to-top';
import { useSignedIn } from './use-signed-in';

/**
 * Navigation, main content and footer shared by every public page. The pages the signed-in
 * navigation links to (docs/product.md §2: /pricing, /help) pass `appShellWhenSignedIn`: a
 * signed-in user sees them inside the app's layout instead. They are prerendered for a visitor
 * and switch once the tab knows about the session (at once when it comes from a signed-in page).
 */
export function PublicLayout({
  appShellWhenSignedIn = false,
  children,
}: {
  appShellWhenSignedIn?: boolean;
  children: ReactNode;
}) {
  usePageMeta();
  useScrollToTop();
  const signedIn = useSignedIn();
  const { SignedInFrame } = useSiteNavigation();
  const storefront = (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-[60] rounded-md bg-brand-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <SiteNav />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      <SiteFooter />
    </div>
  );
  if (!(appShellWhenSignedIn && signedIn)) return storefront;
  return <SignedInFrame storefront={storefront}>{children}</SignedInFrame>;
}
