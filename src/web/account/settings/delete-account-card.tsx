import { TriangleAlert } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { deleteAccountSchema } from '../../../domain/account-schemas';
import { SectionCard } from '../../layout/section-card';
import { errorMessage } from '../../lib/api';
import { useSessionActions } from '../../lib/session';
import { useZodForm } from '../../lib/use-zod-form';
import { Button } from '../../ui/button';
import { DangerButton } from '../../ui/danger-button';
import { FormDialog } from '../../ui/form-dialog';
import { TextField } from '../../ui/text-field';
import { deleteAccount } from '../api/delete-account-api';

/**
 * Delete Account (D9): the user types their e-mail to confirm; the server deletes the account,
 * ends active subscriptions and keeps orders and payments anonymised. Then the user is signed out.
 */
export function DeleteAccountCard({ email }: { email: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const { forget } = useSessionActions();
  const form = useZodForm({
    schema: deleteAccountSchema,
    initialValues: { confirmEmail: '' },
    invalidAs: 'alert',
    onSubmit: async ({ confirmEmail }) => {
      if (!matches) return;
      await deleteAccount(confirmEmail);
      forget();
      toast.success('Account deleted', {
        description: 'Your account has been deleted and you have been signed out.',
      });
      await navigate('/login', { replace: true });
    },
    onError: (err) => errorMessage(err, 'We could not delete your account. Please try again.'),
  });
  const { values, field, busy, reset } = form;
  const matches = values.confirmEmail.trim().toLowerCase() === email.toLowerCase();

  const close = () => {
    setOpen(false);
    reset();
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
      <FormDialog
        open={open}
        form={form}
        onClose={close}
        title="Delete your account?"
        description="Your profile, settings and sign-in are removed for good and your panels stop working."
      >
        <TextField
          id="delete-confirm-email"
          label={`Type ${email} to confirm`}
          type="email"
          autoComplete="off"
          spellCheck={false}
          value={values.confirmEmail}
          onChange={field('confirmEmail')}
        />
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <DangerButton type="submit" disabled={!matches || busy}>
            {busy ? 'Deleting...' : 'Delete my account'}
          </DangerButton>
        </div>
      </FormDialog>
    </SectionCard>
  );
}
