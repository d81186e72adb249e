import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { IDLE_SIGN_OUT_STATE } from '../lib/idle-sign-out-state';
import { loginPathFor } from '../lib/redirect';
import { useSession } from '../lib/session';
import { AppShell } from './app-shell';

/**
 * A public page the signed-in navigation links to (/pricing, /help), for a signed-in user: the
 * page inside the app's layout (docs/product.md §2). Until the session is confirmed, and once
 * it ends, it is the storefront page again; after the idle timeout, /login says why.
 * `data-frame` lets the page's header drop the room it keeps for the storefront's fixed bar.
 */
export default function SignedInPublicPage({
  storefront,
  children,
}: {
  storefront: ReactNode;
  children: ReactNode;
}) {
  const { user, timedOut } = useSession();
  const location = useLocation();
  if (timedOut) return <Navigate to={loginPathFor(location)} state={IDLE_SIGN_OUT_STATE} replace />;
  if (!user) return storefront;
  return (
    <AppShell user={user}>
      <div data-frame="app" className="group/frame">
        {children}
      </div>
    </AppShell>
  );
}
