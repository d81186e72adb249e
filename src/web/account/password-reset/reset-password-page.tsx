import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { passwordSchema } from '../../../domain/account-schemas';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { resetPassword } from '../../lib/api/auth-api';
import { usePageTitle } from '../../lib/use-page-title';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { buttonClasses } from '../../ui/button';
import { TextField } from '../../ui/text-field';
import { NewPasswordField } from '../components/new-password-field';
import { StackedForm } from '../components/stacked-form';
import { RecoveryShell } from './recovery-shell';

const INVALID_LINK = 'This link is invalid or has expired. Request a new one.';

const newPasswordSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'The new passwords do not match.',
    path: ['confirmPassword'],
  });

/** Where the e-mailed link lands: /reset-password?token=... (or ?error=INVALID_TOKEN). */
export default function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [linkDead, setLinkDead] = useState(!token || params.has('error'));
  const form = useZodForm({
    schema: newPasswordSchema,
    initialValues: { newPassword: '', confirmPassword: '' },
    onSubmit: async ({ newPassword }) => {
      // The form shows only with a token: without one the page says the link is dead.
      await resetPassword(token!, newPassword);
      toast.success('Password updated', { description: 'Sign in with your new password.' });
      await navigate('/login', { replace: true });
    },
    onError: (error) => {
      if (!(error instanceof ApiRequestError && error.code === 'invalid_token')) {
        return errorMessage(error, 'We could not change your password. Please try again.');
      }
      setLinkDead(true);
      return undefined;
    },
  });

  if (linkDead || !token) {
    return (
      <RecoveryShell title="Link expired">
        <Alert tone="error">{INVALID_LINK}</Alert>
        <Link to="/forgot-password" className={buttonClasses({ className: 'mt-5 w-full' })}>
          Request a new link
        </Link>
      </RecoveryShell>
    );
  }

  return (
    <RecoveryShell title="Choose a new password" subtitle="You'll be signed out on every other device.">
      <StackedForm form={form} submit={{ label: 'Set new password', busyLabel: 'Saving...' }}>
        <NewPasswordField id="reset-new-password" label="New Password" {...form.bind('newPassword')} />
        <TextField
          id="reset-confirm-password"
          label="Confirm New Password"
          password
          autoComplete="new-password"
          required
          {...form.bind('confirmPassword')}
        />
      </StackedForm>
    </RecoveryShell>
  );
}
