import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { z } from 'zod';
import { passwordSchema } from '../../../domain/account-schemas';
import { MIN_PASSWORD_LENGTH } from '../../../domain/constants';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { usePageTitle } from '../../lib/use-page-title';
import { Alert } from '../../ui/alert';
import { buttonClasses } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { PasswordInput } from '../../ui/password-input';
import { resetPassword } from '../auth-api';
import { AuthShell } from '../components/auth-shell';
import { inlineLinkClasses } from '../components/link-styles';
import { SubmitButton } from '../components/submit-button';
import { type FieldErrors, fieldErrors, focusFirstInvalid } from '../form-errors';

const INVALID_LINK = 'This link is invalid or has expired. Request a new one.';

const newPasswordSchema = z
  .object({ newPassword: passwordSchema, confirmPassword: z.string() })
  .refine((v) => v.newPassword === v.confirmPassword, {
    message: 'The new passwords do not match.',
    path: ['confirmPassword'],
  });
type Field = 'newPassword' | 'confirmPassword';

/** Where the e-mailed link lands: /reset-password?token=... (or ?error=INVALID_TOKEN). */
export default function ResetPasswordPage() {
  usePageTitle('Choose a new password');
  const [params] = useSearchParams();
  const token = params.get('token');
  const navigate = useNavigate();
  const [values, setValues] = useState<Record<Field, string>>({ newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [linkDead, setLinkDead] = useState(!token || params.has('error'));
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const footer = (
    <Link to="/login" className={inlineLinkClasses}>
      Back to sign in
    </Link>
  );

  if (linkDead || !token) {
    return (
      <AuthShell label="Account recovery" title="Link expired" footer={footer}>
        <Alert tone="error">{INVALID_LINK}</Alert>
        <Link to="/forgot-password" className={buttonClasses({ className: 'mt-5 w-full' })}>
          Request a new link
        </Link>
      </AuthShell>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = newPasswordSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await resetPassword(token, parsed.data.newPassword);
      toast.success('Password updated', { description: 'Sign in with your new password.' });
      await navigate('/login', { replace: true });
    } catch (error) {
      if (error instanceof ApiRequestError && error.code === 'invalid_token') setLinkDead(true);
      else setFormError(errorMessage(error, 'We could not change your password. Please try again.'));
      setBusy(false);
    }
  };

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  return (
    <AuthShell
      label="Account recovery"
      title="Choose a new password"
      subtitle="You'll be signed out on every other device."
      footer={footer}
    >
      <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <FormField
          id="reset-new-password"
          label="New Password"
          error={errors.newPassword}
          hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
        >
          {(describedBy) => (
            <PasswordInput
              id="reset-new-password"
              autoComplete="new-password"
              required
              value={values.newPassword}
              onChange={set('newPassword')}
              aria-invalid={errors.newPassword ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </FormField>
        <FormField id="reset-confirm-password" label="Confirm New Password" error={errors.confirmPassword}>
          {(describedBy) => (
            <PasswordInput
              id="reset-confirm-password"
              autoComplete="new-password"
              required
              value={values.confirmPassword}
              onChange={set('confirmPassword')}
              aria-invalid={errors.confirmPassword ? true : undefined}
              aria-describedby={describedBy}
            />
          )}
        </FormField>
        <SubmitButton busy={busy} busyLabel="Saving..." className="w-full">
          Set new password
        </SubmitButton>
      </form>
    </AuthShell>
  );
}
