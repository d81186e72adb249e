import { TriangleAlert } from 'lucide-react';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { errorMessage } from '../../lib/api';
import { useSessionActions } from '../../lib/session';
import { deleteAccount } from '../api/delete-account-api';
import { DangerActionCard } from '../components/danger-action-card';
import { TypeToConfirmDialog } from '../components/type-to-confirm-dialog';

/**
 * Delete Account (D9): the user types their e-mail to confirm; the server deletes the account,
 * ends active subscriptions and keeps orders and payments anonymised. Then the user is signed out.
 */
export function DeleteAccountCard({ email }: { email: string }) {
  const navigate = useNavigate();
  const { forget } = useSessionActions();
  return (
    <DangerActionCard
      title="Account"
      description="Delete your account and your personal data."
      icon={<TriangleAlert className="h-5 w-5" />}
      warning="This cannot be undone. Active subscriptions end now; invoices are kept for accounting without your name."
      action="Delete Account"
    >
      {(dialog) => (
        <TypeToConfirmDialog
          {...dialog}
          title="Delete your account?"
          description="Your profile, settings and sign-in are removed for good and your panels stop working."
          input={{ id: 'delete-confirm-email', label: `Type ${email} to confirm`, type: 'email' }}
          matches={(typed) => typed.trim().toLowerCase() === email.toLowerCase()}
          action="Delete my account"
          onConfirm={async (confirmEmail) => {
            await deleteAccount(confirmEmail);
            forget();
            toast.success('Account deleted', {
              description: 'Your account has been deleted and you have been signed out.',
            });
            await navigate('/login', { replace: true });
          }}
          onError={(err) => errorMessage(err, 'We could not delete your account. Please try again.')}
        />
      )}
    </DangerActionCard>
  );
}
