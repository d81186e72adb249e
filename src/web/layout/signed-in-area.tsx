import { Outlet } from 'react-router';
import { RequireUser } from '../account/guards';
import { useSession } from '../account/session';
import { useFollowSignOutElsewhere } from '../account/use-sign-out';
import { AppShell } from './app-shell';

function SignedInLayout() {
  const { user } = useSession();
  useFollowSignOutElsewhere();
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
