import { useState } from 'react';
import { z } from 'zod';
import { emailSchema } from '../../../domain/account-schemas';
import { errorMessage } from '../../lib/api';
import { requestPasswordReset } from '../../lib/api/auth-api';
import { usePageTitle } from '../../lib/use-page-title';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { EmailField } from '../components/email-field';
import { inlineLinkClasses } from '../components/link-styles';
import { StackedForm } from '../components/stacked-form';
import { RecoveryShell } from './recovery-shell';

const forgotSchema = z.object({ email: emailSchema });
const REMEMBERED = 'Remembered it?';

/**
 * Asks for a reset link (D9). The confirmation reads the same whether or not the address has
 * an account, so the page cannot be used to find out who is a customer.
 */
export default function ForgotPasswordPage() {
  usePageTitle('Reset your password');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm({
    schema: forgotSchema,
    initialValues: { email: '' },
    onSubmit: async ({ email }) => {
      await requestPasswordReset(email);
      setSentTo(email);
    },
    onError: (error) => errorMessage(error, 'We could not send the link. Please try again.'),
  });

  if (sentTo) {
    return (
      <RecoveryShell title="Check your email" lead={REMEMBERED}>
        <Alert tone="success">
          If an account exists for <span className="font-semibold break-all">{sentTo}</span>, we've sent it a
          link to choose a new password. The link expires in one hour.
        </Alert>
        <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
          Nothing after a few minutes? Check your spam folder, or{' '}
          <button type="button" onClick={() => setSentTo(null)} className={inlineLinkClasses}>
            try another address
          </button>
          .
        </p>
      </RecoveryShell>
    );
  }

  return (
    <RecoveryShell
      title="Reset your password"
      subtitle="Enter the email you signed up with and we'll send you a link to choose a new password."
      lead={REMEMBERED}
    >
      <StackedForm form={form} submit={{ label: 'Send reset link', busyLabel: 'Sending link...' }}>
        <EmailField id="forgot-email" autoComplete="email" {...form.bind('email')} />
      </StackedForm>
    </RecoveryShell>
  );
}
