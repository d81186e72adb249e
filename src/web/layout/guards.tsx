import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router';
import { IDLE_SIGN_OUT_STATE } from '../lib/idle-sign-out-state';
import { loginPathFor, REDIRECT_PARAM, safeRedirectTarget } from '../lib/redirect';
import { useRecheckSessionOnUnauthorized, useSession } from '../lib/session';
import { Alert } from '../ui/alert';
import { Button } from '../ui/button';
import { LoadingScreen } from '../ui/spinner';

/**
 * Spec "Route guard behaviour": a spinner while the session loads, anonymous visitors to
 * /login remembering the path and query they wanted. /payment-success relies on this too:
 * its session_id and order_id survive the trip through /login.
 */
export function RequireUser({ children }: { children: ReactNode }) {
  const { user, signedOut, timedOut, isPending, error, refetch } = useSession();
  const location = useLocation();
  useRecheckSessionOnUnauthorized();

  if (isPending) return <LoadingScreen label="Checking your session" className="min-h-dvh" />;
  if (!user && error) {
    return (
      <div className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-4 px-6">
        <Alert tone="error" title="We could not check your session">
          Check your connection and try again.
        </Alert>
        <Button onClick={() => void refetch()}>Try again</Button>
      </div>
    );
  }
  // Right after logging out there is nothing to come back to; otherwise remember the page.
  // After the idle timeout the login page says why the user is there.
  if (timedOut) return <Navigate to={loginPathFor(location)} state={IDLE_SIGN_OUT_STATE} replace />;
  if (!user) return <Navigate to={signedOut ? '/login' : loginPathFor(location)} replace />;
  return children;
}

/** Non-admins who open an admin-only route go to / (spec). Used inside RequireUser. */
export function RequireAdmin() {
  const { user } = useSession();
  if (!user?.isAdmin) return <Navigate to="/" replace />;
  return <Outlet />;
}

/**
 * /login and /register are for visitors: a signed-in user goes on to the return target, or
 * /dashboard. Completing a sign-in therefore only needs to update the session; this sends the
 * user on.
 */
export function GuestOnly() {
  const { user, isPending } = useSession();
  const [params] = useSearchParams();
  if (isPending) return <LoadingScreen label="Checking your session" className="min-h-dvh" />;
  if (user) return <Navigate to={safeRedirectTarget(params.get(REDIRECT_PARAM))} replace />;
  return <Outlet />;
}
