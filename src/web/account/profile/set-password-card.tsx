import { LockKeyhole } from 'lucide-react';
import { toast } from 'sonner';
import { NO_PASSWORD_NOTICE, SET_PASSWORD_LINK_SENT } from '../../../domain/messages';
import { SectionCard } from '../../layout/section-card';
import { errorMessage } from '../../lib/api';
import { requestPasswordReset } from '../../lib/api/auth-api';
import { useDialogSubmit } from '../../lib/use-dialog-submit';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';

/**
 * 'Account Security' for an account without a password (its first proof removed one set
 * before it). A password is set only through the mailbox: the reset link, never this session
 * alone, so the proof stays the mailbox's.
 */
export function SetPasswordCard({ email }: { email: string }) {
  const { busy, error, submit } = useDialogSubmit((failure) =>
    errorMessage(failure, 'We could not send the link. Please try again.'),
  );
  const send = () =>
    submit(async () => {
      await requestPasswordReset(email);
      toast.success(SET_PASSWORD_LINK_SENT);
    });
  return (
    <SectionCard
      title="Account Security"
      description={NO_PASSWORD_NOTICE}
      icon={<LockKeyhole className="h-5 w-5" />}
      footer={
        <Button onClick={send} disabled={busy}>
          {busy ? 'Sending link...' : 'Email me a link to set a password'}
        </Button>
      }
    >
      {error ? <Alert tone="error">{error}</Alert> : <p className="text-sm">We send the link to {email}.</p>}
    </SectionCard>
  );
}
