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
import { signUp } from '../../lib/api-clients/auth-api';
import { useSite } from '../../lib/site';
import { usePageTitle } from '../../lib/use-page-title';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { PasswordInput } from '../../ui/password-input';
import { AuthShell } from '../components/auth-shell';
import { inlineLinkClasses } from '../components/link-styles';
import { SubmitButton } from '../components/submit-button';

/**
 * /register (docs/product.md §2): the server has the last word (taken e-mail, limits); its message
 * shows in the alert above the form. Success leaves the user signed out and goes to /login.
 */
export default function RegisterPage() {
  usePageTitle('Create an account');
  const navigate = useNavigate();
  const site = useSite();
  const { values, field, errors, formError, busy, formRef, submit } = useZodForm({
    schema: registerSchema,
    initialValues: { name: '', email: '', password: '' },
    onSubmit: async (data) => {
      await signUp(data);
      if (site.emailVerificationRequired)
        toast.success(REGISTER_SUCCESS_CONFIRM, { description: REGISTER_SUCCESS_CONFIRM_DESCRIPTION });
      else toast.success(REGISTER_SUCCESS);
      await navigate('/login', { state: { email: data.email } });
    },
    onError: (error) => errorMessage(error, REGISTER_FAILED_FALLBACK),
  });

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
                onChange={field('name')}
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
                onChange={field('email')}
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
                onChange={field('password')}
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
