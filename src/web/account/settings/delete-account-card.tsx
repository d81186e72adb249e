import { TriangleAlert } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { SectionCard } from '../../layout/section-card';
import { errorMessage } from '../../lib/api';
import { useSessionActions } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { DangerButton } from '../../ui/danger-button';
import { Dialog } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { deleteAccount } from './settings-api';

/**
 * Delete Account (D9): the user types their e-mail to confirm; the server deletes the account,
 * ends active subscriptions and keeps orders and payments anonymised. Then the user is signed out.
 */
export function DeleteAccountCard({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const navigate = useNavigate();
  const { forget } = useSessionActions();
  const matches = typed.trim().toLowerCase() === email.toLowerCase();

  const close = () => {
    setOpen(false);
    setTyped('');
    setError(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches) return;
    setBusy(true);
    setError(null);
    try {
      await deleteAccount(typed.trim());
    } catch (err) {
      setError(errorMessage(err, 'We could not delete your account. Please try again.'));
      setBusy(false);
      return;
    }
    forget();
    toast.success('Account deleted', {
      description: 'Your account has been deleted and you have been signed out.',
    });
    await navigate('/login', { replace: true });
  };

  return (
    <SectionCard
      title="Account"
      description="Delete your account and your personal data."
      icon={<TriangleAlert className="h-5 w-5" />}
      tone="danger"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          This cannot be undone. Active subscriptions end now; invoices are kept for accounting without your
          name.
        </p>
        <DangerButton onClick={() => setOpen(true)} className="shrink-0">
          Delete Account
        </DangerButton>
      </div>
      <Dialog
        open={open}
        onClose={close}
        dismissible={!busy}
        title="Delete your account?"
        description="Your profile, settings and sign-in are removed for good and your panels stop working."
      >
        <form onSubmit={submit} noValidate className="space-y-5">
          {error && <Alert tone="error">{error}</Alert>}
          <FormField id="delete-confirm-email" label={`Type ${email} to confirm`}>
            {(describedBy) => (
              <Input
                id="delete-confirm-email"
                type="email"
                autoComplete="off"
                spellCheck={false}
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                aria-describedby={describedBy}
              />
            )}
          </FormField>
          <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close} disabled={busy}>
              Cancel
            </Button>
            <DangerButton type="submit" disabled={!matches || busy}>
              {busy ? 'Deleting...' : 'Delete my account'}
            </DangerButton>
          </div>
        </form>
      </Dialog>
    </SectionCard>
  );
}
