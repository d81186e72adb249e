import { Link, useParams } from 'react-router';
import { ApiRequestError } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import { buttonClasses } from '../../ui/button';
import { LoadingScreen } from '../../ui/spinner';
import { type InvitationView, useInvitation } from '../api/invitations-api';
import { AuthShell } from '../components/auth-shell';
import { inlineLinkClasses } from '../components/link-styles';
import { InvitationFacts } from './invitation-facts';
import { JoinInvitation } from './join-invitation';

const homeLink = (
  <Link to="/" className={inlineLinkClasses}>
    Go to the home page
  </Link>
);

/** Who to ask for a new link: the inviter when the invitation names them. */
const askWho = (view: InvitationView) => view.invitedBy ?? 'the person who invited you';

/** An invitation that can no longer be used: accepted, revoked or past its 48 hours. */
function ClosedInvitation({ view }: { view: InvitationView }) {
  const texts = {
    expired: {
      title: 'This invitation has expired',
      text: `Its link to ${view.workspaceName} stopped working. Ask ${askWho(view)} to send a new one.`,
    },
    accepted: {
      title: 'This invitation was used',
      text: `It was accepted already. If that was you, sign in to work in ${view.workspaceName}.`,
    },
    revoked: {
      title: 'This invitation was withdrawn',
      text: `It no longer gives access to ${view.workspaceName}. Ask ${askWho(view)} if you still need it.`,
    },
  } as const;
  const { title, text } = texts[view.state === 'pending' ? 'expired' : view.state];
  return (
    <AuthShell label="Invitation" title={title} footer={homeLink}>
      <div className="space-y-6">
        <p className="text-sm text-slate-700 dark:text-slate-300">{text}</p>
        {view.state === 'accepted' && (
          <Link to="/dashboard" className={buttonClasses({ className: 'w-full' })}>
            Go to your dashboard
          </Link>
        )}
      </div>
    </AuthShell>
  );
}

function Failure({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const status = error instanceof ApiRequestError ? error.status : 0;
  const { title, text } =
    status === 404
      ? {
          title: 'Invitation not found',
          text: 'This link is not valid. Check that you copied all of it, or ask for a new invitation.',
        }
      : status === 429
        ? { title: 'Too many tries', text: 'Wait a few minutes, then open the link again.' }
        : { title: 'We could not load the invitation', text: 'Check your connection and try again.' };
  return (
    <AuthShell label="Invitation" title={title} footer={homeLink}>
      <div className="space-y-6">
        <p className="text-sm text-slate-700 dark:text-slate-300">{text}</p>
        {status !== 404 && status !== 429 && (
          <button type="button" onClick={onRetry} className={buttonClasses({ variant: 'outline' })}>
            Try again
          </button>
        )}
      </div>
    </AuthShell>
  );
}

/**
 * /invitations/:token, where an invitation e-mail's link lands: the workspace, the role and what
 * it may do, the invited address and until when the link works; then, by who is here, joining,
 * signing up or in with the invited address, or signing out of another account. An invitation
 * no longer usable, or a link that is not one, says so.
 */
export default function InvitationPage() {
  const { token = '' } = useParams();
  const invitation = useInvitation(token);
  const view = invitation.data;
  usePageTitle(view ? `Join ${view.workspaceName}` : 'Invitation');

  if (invitation.isPending) return <LoadingScreen label="Loading the invitation" className="min-h-dvh" />;
  if (invitation.isError || !view)
    return <Failure error={invitation.error} onRetry={() => void invitation.refetch()} />;
  if (view.state !== 'pending') return <ClosedInvitation view={view} />;
  return (
    <AuthShell
      label="Invitation"
      title={`Join ${view.workspaceName}`}
      subtitle={`${view.invitedBy ?? 'A member'} invited you to work in this workspace.`}
    >
      <div className="space-y-6">
        <InvitationFacts view={view} />
        <JoinInvitation token={token} view={view} onClosed={() => void invitation.refetch()} />
      </div>
    </AuthShell>
  );
}
