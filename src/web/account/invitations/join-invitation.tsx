import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { ROLE_TEXTS } from '../../../domain/workspaces/roles';
import { ApiRequestError } from '../../lib/api';
import { signOut } from '../../lib/api/auth-api';
import { authPathWith } from '../../lib/redirect';
import { useSession, useSessionActions } from '../../lib/session';
import { useBusy } from '../../lib/use-busy';
import { useEnterWorkspace } from '../../lib/use-enter-workspace';
import { workspaceErrorText } from '../../lib/workspace-errors';
import { Alert } from '../../ui/alert';
import { Button, buttonClasses } from '../../ui/button';
import { acceptInvitation, type InvitationView } from '../api/invitations-api';
import { SectionLoading } from '../settings/section-loading';

const sameAddress = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** Signs out here, keeping the page, so the invited person can come back in with their address. */
function useSignOutHere() {
  const { forget } = useSessionActions();
  const { busy, track } = useBusy();
  const run = async () => {
    try {
      await track(signOut);
    } catch (error) {
      // 401: the session had ended already; the person is out either way.
      if (!(error instanceof ApiRequestError && error.status === 401)) {
        toast.error('Could not sign out', { description: workspaceErrorText(error, 'Please try again.') });
        return false;
      }
    }
    forget();
    return true;
  };
  return { busy, run };
}

function SignUpOrIn({ view, here }: { view: InvitationView; here: string }) {
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        Create an account or sign in with <strong className="font-semibold">{view.email}</strong>: the
        invitation works for that address only.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row">
        <Link
          to={authPathWith('/register', here, { email: view.email })}
          className={buttonClasses({ className: 'w-full sm:flex-1' })}
        >
          Create an account
        </Link>
        <Link
          to={authPathWith('/login', here)}
          state={{ email: view.email }}
          className={buttonClasses({ variant: 'outline', className: 'w-full sm:flex-1' })}
        >
          Sign in
        </Link>
      </div>
    </div>
  );
}

function OtherAccount({ view, email }: { view: InvitationView; email: string }) {
  const { busy, run } = useSignOutHere();
  return (
    <div className="space-y-4">
      <Alert tone="info" title="You are signed in with another address">
        This invitation is for <strong className="font-semibold">{view.email}</strong>. You are signed in as{' '}
        <strong className="font-semibold">{email}</strong>. Sign out, then sign in or sign up with the invited
        address.
      </Alert>
      <Button variant="outline" className="w-full" onClick={() => void run()} disabled={busy}>
        {busy ? 'Signing out...' : 'Sign out'}
      </Button>
    </div>
  );
}

/** The invited address, not proven yet: a sign-in code sent to it proves it. */
function UnprovenAddress({ view, here }: { view: InvitationView; here: string }) {
  const { busy, run } = useSignOutHere();
  const navigate = useNavigate();
  const signInWithCode = async () => {
    if (await run()) await navigate(authPathWith('/login', here), { state: { email: view.email } });
  };
  return (
    <div className="space-y-4">
      <Alert tone="info" title="Confirm your address first">
        Only someone who proved they read {view.email} can join. Sign out, then sign in with OTP: the code we
        e-mail proves the address.
      </Alert>
      <Button className="w-full" onClick={() => void signInWithCode()} disabled={busy}>
        {busy ? 'Signing out...' : 'Sign out and sign in with a code'}
      </Button>
    </div>
  );
}

function Join({ token, view, onClosed }: { token: string; view: InvitationView; onClosed: () => void }) {
  const enter = useEnterWorkspace();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const join = async () => {
    setBusy(true);
    setError(null);
    try {
      await acceptInvitation(token);
    } catch (caught) {
      setBusy(false);
      setError(
        caught instanceof ApiRequestError && caught.code === 'already_member'
          ? `You are a member of ${view.workspaceName} already. Choose it in the workspace menu at the top of your dashboard.`
          : workspaceErrorText(caught, 'We could not add you to the workspace. Please try again.'),
      );
      // Accepted, revoked or expired meanwhile: the page says which.
      if (caught instanceof ApiRequestError && caught.code === 'invitation_closed') onClosed();
      return;
    }
    await enter();
    toast.success(`You joined ${view.workspaceName}`, {
      description: `Your role: ${ROLE_TEXTS[view.role].label.toLowerCase()}. You are working in it now.`,
    });
  };
  return (
    <div className="space-y-4">
      {error && <Alert tone="error">{error}</Alert>}
      <Button className="w-full" onClick={() => void join()} disabled={busy}>
        {busy ? 'Joining...' : `Join ${view.workspaceName}`}
      </Button>
    </div>
  );
}

/** What the person on the invitation page can do, by who they are signed in as. */
export function JoinInvitation({
  token,
  view,
  onClosed,
}: {
  token: string;
  view: InvitationView;
  /** The invitation was closed meanwhile: read it again. */
  onClosed: () => void;
}) {
  const { user, isPending } = useSession();
  const { pathname } = useLocation();
  if (isPending) return <SectionLoading label="Checking your session" />;
  if (!user) return <SignUpOrIn view={view} here={pathname} />;
  if (!sameAddress(user.email, view.email)) return <OtherAccount view={view} email={user.email} />;
  if (!user.emailVerified) return <UnprovenAddress view={view} here={pathname} />;
  return <Join token={token} view={view} onClosed={onClosed} />;
}
