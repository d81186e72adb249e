import { type FormEvent, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { toast } from 'sonner';
import { registerSchema } from '../../../domain/account-schemas';
import { MIN_PASSWORD_LENGTH } from '../../../domain/constants';
import {
  CREATING_ACCOUNT,
  REGISTER_FAILED_FALLBACK,
  REGISTER_SUCCESS,
  REGISTER_SUCCESS_CONFIRM,
  REGISTER_SUCCESS_CONFIRM_DESCRIPTION,
} from '../../../domain/messages';
import { errorMessage } from '../../lib/api';
import { useSite } from '../../lib/site';
import { usePageTitle } from '../../lib/use-page-title';
import { Alert } from '../../ui/alert';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { PasswordInput } from '../../ui/password-input';
import { signUp } from '../auth-api';
import { AuthShell } from '../components/auth-shell';
import { inlineLinkClasses } from '../components/link-styles';
import { SubmitButton } from '../components/submit-button';
import { type FieldErrors, fieldErrors, focusFirstInvalid } from '../form-errors';

type Field = 'name' | 'email' | 'password';

/**
 * /register (spec section 2): the server has the last word (taken e-mail, limits); its message
 * shows in the alert above the form. Success leaves the user signed out and goes to /login.
 */
export default function RegisterPage() {
  usePageTitle('Create an account');
  const navigate = useNavigate();
  const site = useSite();
  const [values, setValues] = useState<Record<Field, string>>({ name: '', email: '', password: '' });
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const set = (field: Field) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = registerSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await signUp(parsed.data);
      if (site.emailVerificationRequired)
        toast.success(REGISTER_SUCCESS_CONFIRM, { description: REGISTER_SUCCESS_CONFIRM_DESCRIPTION });
      else toast.success(REGISTER_SUCCESS);
      await navigate('/login', { state: { email: parsed.data.email } });
    } catch (error) {
      setFormError(errorMessage(error, REGISTER_FAILED_FALLBACK));
      setBusy(false);
    }
  };

  return (
    <AuthShell
      label="Get started"
      title="Create an account"
      subtitle="Buy and manage your admin panels in one place."
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className={inlineLinkClasses}>
            Sign in
          </Link>
        </>
      }
    >
      <div className="space-y-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
          <FormField id="register-name" label="Full Name" error={errors.name}>
            {(describedBy) => (
              <Input
                id="register-name"
                autoComplete="name"
                required
                value={values.name}
                onChange={set('name')}
                aria-invalid={errors.name ? true : undefined}
                aria-describedby={describedBy}
              />
            )}
          </FormField>
          <FormField id="register-email" label="Email" error={errors.email}>
            {(describedBy) => (
              <Input
                id="register-email"
                type="email"
                autoComplete="email"
                required
                value={values.email}
                onChange={set('email')}
                aria-invalid={errors.email ? true : undefined}
                aria-describedby={describedBy}
                placeholder="you@company.com"
              />
            )}
          </FormField>
          <FormField
            id="register-password"
            label="Password"
            error={errors.password}
            hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
          >
            {(describedBy) => (
              <PasswordInput
                id="register-password"
                autoComplete="new-password"
                required
                minLength={MIN_PASSWORD_LENGTH}
                value={values.password}
                onChange={set('password')}
                aria-invalid={errors.password ? true : undefined}
                aria-describedby={describedBy}
              />
            )}
          </FormField>
          <SubmitButton busy={busy} busyLabel={CREATING_ACCOUNT} className="w-full">
            Sign up
          </SubmitButton>
        </form>
      </div>
    </AuthShell>
  );
}
