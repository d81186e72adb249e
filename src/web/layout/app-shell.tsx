import { type ReactNode, useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import type { SessionUser } from '../../domain/account-schemas';
import { useIdleSignOut } from '../lib/idle-sign-out';
import { useBusy } from '../lib/use-busy';
import { useFollowWorkspaceElsewhere } from '../lib/use-enter-workspace';
import { useFollowSignOutElsewhere, useSignOut } from '../lib/use-sign-out';
import { AppNav } from './app-nav';
import { AppTopBar } from './app-top-bar';
import { MobileNav } from './mobile-nav';

/**
 * Layout of every signed-in page (docs/product.md §2): top bar, 72-unit sidebar, mobile menu.
 * While it shows the account it follows the session: a sign-out in another tab, the idle timeout,
 * a change of workspace in another tab.
 */
export function AppShell({ user, children }: { user: SessionUser; children: ReactNode }) {
  useFollowSignOutElsewhere();
  useFollowWorkspaceElsewhere();
  useIdleSignOut();
  const [menuOpen, setMenuOpen] = useState(false);
  const signOut = useSignOut();
  const { pathname } = useLocation();

  // Any navigation (a link, the back button) closes the mobile menu.
  // biome-ignore lint/correctness/useExhaustiveDependencies: pathname is the trigger, not an input
  useEffect(() => setMenuOpen(false), [pathname]);

  const { busy: loggingOut, track } = useBusy();
  const logout = () => track(signOut);

  return (
    <div className="min-h-dvh bg-slate-50 dark:bg-slate-950">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-brand-600 px-4 py-2 font-semibold text-white focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      <AppTopBar
        user={user}
        menuOpen={menuOpen}
        onOpenMenu={() => setMenuOpen(true)}
        onLogout={() => void logout()}
        loggingOut={loggingOut}
      />
      <MobileNav user={user} open={menuOpen} onClose={() => setMenuOpen(false)} />
      <div className="flex pt-16">
        {/* The column runs the full page height; the links inside stay in view while the page scrolls. */}
        <aside className="hidden w-72 shrink-0 border-r border-slate-200 bg-white md:block dark:border-slate-800 dark:bg-slate-900">
          <div className="sticky top-16 max-h-[calc(100dvh-4rem)] overflow-y-auto px-4 py-6">
            <AppNav isAdmin={user.isAdmin} />
          </div>
        </aside>
        <main id="main" tabIndex={-1} className="min-h-[calc(100dvh-4rem)] min-w-0 flex-1 focus:outline-none">
          {children}
        </main>
      </div>
    </div>
  );
}
