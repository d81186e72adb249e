import { Link, useNavigate, useSearchParams } from 'react-router';
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
import { signUp } from '../../lib/api/auth-api';
import { authPathWith, REDIRECT_PARAM, sameSitePath } from '../../lib/redirect';
import { useSite } from '../../lib/site';
import { usePageTitle } from '../../lib/use-page-title';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import { AuthShell } from '../components/auth-shell';
import { EmailField } from '../components/email-field';
import { inlineLinkClasses } from '../components/link-styles';
import { NewPasswordField } from '../components/new-password-field';

/**
 * /register (docs/product.md §2): the server has the last word (taken e-mail, limits); its message
 * shows in the alert above the form. Success leaves the user signed out and goes to /login. A link
 * may bring the address to start with (?email=, an invitation's) and a page to come back to after
 * signing in (?redirect=, a path on this site only), which /login is given in turn.
 */
export default function RegisterPage() {
  usePageTitle('Create an account');
  const navigate = useNavigate();
  const site = useSite();
  const [params] = useSearchParams();
  const returnTo = sameSitePath(params.get(REDIRECT_PARAM));
  const { bind, formError, busy, formRef, submit } = useZodForm({
    schema: registerSchema,
    initialValues: { name: '', email: params.get('email') ?? '', password: '' },
    onSubmit: async (data) => {
      await signUp(data);
      if (site.emailVerificationRequired)
        toast.success(REGISTER_SUCCESS_CONFIRM, { description: REGISTER_SUCCESS_CONFIRM_DESCRIPTION });
      else toast.success(REGISTER_SUCCESS);
      await navigate(authPathWith('/login', returnTo), { state: { email: data.email } });
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
          <Link to={authPathWith('/login', returnTo)} className={inlineLinkClasses}>
            Sign in
          </Link>
        </>
      }
    >
      <div className="space-y-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
          <TextField id="register-name" label="Full Name" autoComplete="name" required {...bind('name')} />
          <EmailField id="register-email" autoComplete="email" {...bind('email')} />
          <NewPasswordField id="register-password" minLength={MIN_PASSWORD_LENGTH} {...bind('password')} />
          <SubmitButton busy={busy} busyLabel={CREATING_ACCOUNT} className="w-full">
            Sign up
          </SubmitButton>
        </form>
      </div>
    </AuthShell>
  );
}
