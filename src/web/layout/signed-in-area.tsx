import { Outlet } from 'react-router';
import { useSession } from '../lib/session';
import { AppShell } from './app-shell';
import { RequireUser } from './guards';

function SignedInLayout() {
  const { user } = useSession();
  // RequireUser renders this only with a user; the check satisfies the types.
  if (!user) return null;
  return (
    <AppShell user={user}>
      <Outlet />
    </AppShell>
  );
}

/** Guard plus layout around every page that needs a signed-in user (route module: default export). */
export default function SignedInArea() {
  return (
    <RequireUser>
      <SignedInLayout />
    </RequireUser>
  );
}
