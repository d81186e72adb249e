import { Link } from 'react-router';
import { loginSchema } from '../../../domain/account-schemas';
import { LOGIN_FAILED, LOGIN_FAILED_FALLBACK, SIGNING_IN } from '../../../domain/messages';
import { signInWithPassword } from '../../lib/api/auth-api';
import { toastFailure } from '../../lib/toast-failure';
import { useZodForm } from '../../lib/use-zod-form';
import { SubmitButton } from '../../ui/submit-button';
import { CurrentPasswordField } from '../components/current-password-field';
import { EmailField } from '../components/email-field';
import { inlineLinkClasses } from '../components/link-styles';
import { useFinishSignIn } from './use-finish-sign-in';

interface PasswordSignInProps {
  email: string;
  onEmailChange: (email: string) => void;
  onTwoFactor: () => void;
}

/** The Password tab: e-mail, password with a show/hide toggle, 'Sign in' / 'Signing in...'. */
export function PasswordSignIn({ email, onEmailChange, onTwoFactor }: PasswordSignInProps) {
  const finishSignIn = useFinishSignIn();
  // The e-mail is the login page's, shared with the OTP tab; this tab remounts on every switch.
  const { field, bind, busy, formRef, submit } = useZodForm({
    schema: loginSchema,
    initialValues: { email, password: '' },
    onSubmit: async (parsed) => {
      const result = await signInWithPassword(parsed.email, parsed.password);
      if (result.twoFactorRedirect) onTwoFactor();
      else await finishSignIn();
    },
    onError: toastFailure(LOGIN_FAILED, LOGIN_FAILED_FALLBACK),
  });

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
      <EmailField
        id="login-email"
        autoComplete="username"
        {...bind('email')}
        onChange={(e) => {
          field('email')(e);
          onEmailChange(e.target.value);
        }}
      />
      <div className="space-y-1.5">
        <CurrentPasswordField id="login-password" {...bind('password')} />
        <div className="flex justify-end">
          <Link to="/forgot-password" className={`text-sm ${inlineLinkClasses}`}>
            Forgot password?
          </Link>
        </div>
      </div>
      <SubmitButton busy={busy} busyLabel={SIGNING_IN} className="w-full">
        Sign in
      </SubmitButton>
    </form>
  );
}
