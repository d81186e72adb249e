import { useId, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import {
  EMAIL_CONFIRM_LINK_INVALID,
  EMAIL_CONFIRMED,
  EMAIL_CONFIRMED_PASSWORD_REMOVED,
  SIGNED_OUT_IDLE,
} from '../../../domain/messages';
import { signedOutIdle } from '../../lib/idle-sign-out-state';
import { authPathWith, REDIRECT_PARAM, sameSitePath } from '../../lib/redirect';
import { usePageTitle } from '../../lib/use-page-title';
import { Alert } from '../../ui/alert';
import { TabPanel, Tabs } from '../../ui/tabs';
import { AuthShell } from '../components/auth-shell';
import { DemoHint } from '../components/demo-hint';
import { inlineLinkClasses } from '../components/link-styles';
import { OtpSignIn } from './otp-sign-in';
import { PasswordSignIn } from './password-sign-in';
import { TwoFactorChallenge } from './two-factor-challenge';

type Method = 'password' | 'otp';
const METHODS = [
  { value: 'password', label: 'Password' },
  { value: 'otp', label: 'OTP' },
] as const;

/**
 * The e-mailed confirmation link lands here with ?confirmed=1 (and &error=... when it failed,
 * &password=removed when the confirmation removed a password someone set before it).
 */
function ConfirmationNotice({ search }: { search: string }) {
  const params = new URLSearchParams(search);
  if (!params.has('confirmed')) return null;
  if (params.has('error')) {
    return (
      <Alert tone="error" className="mb-6">
        {EMAIL_CONFIRM_LINK_INVALID}
      </Alert>
    );
  }
  return params.get('password') === 'removed' ? (
    <Alert tone="info" className="mb-6">
      {EMAIL_CONFIRMED_PASSWORD_REMOVED}{' '}
      <Link to="/forgot-password" className={inlineLinkClasses}>
        Set a password
      </Link>
    </Alert>
  ) : (
    <Alert tone="success" className="mb-6">
      {EMAIL_CONFIRMED}
    </Alert>
  );
}

/** /register hands over the new address, so the user does not type it twice. */
function initialEmail(state: unknown): string {
  if (state && typeof state === 'object' && 'email' in state && typeof state.email === 'string')
    return state.email;
  return '';
}

/** /login (docs/product.md §2, D9). Where the user goes afterwards is GuestOnly's job. */
export default function LoginPage() {
  usePageTitle('Sign in');
  const location = useLocation();
  const [params] = useSearchParams();
  const [method, setMethod] = useState<Method>('password');
  const [email, setEmail] = useState(() => initialEmail(location.state));
  const [twoFactor, setTwoFactor] = useState(false);
  const idBase = useId();

  return (
    <AuthShell
      label="Customer portal"
      title="Welcome back"
      subtitle="Access your admin panel account"
      footer={
        <>
          Don't have an account?{' '}
          <Link
            to={authPathWith('/register', sameSitePath(params.get(REDIRECT_PARAM)))}
            className={inlineLinkClasses}
          >
            Sign up
          </Link>
        </>
      }
    >
      <ConfirmationNotice search={location.search} />
      {signedOutIdle(location.state) && (
        <Alert tone="info" className="mb-6">
          {SIGNED_OUT_IDLE}
        </Alert>
      )}
      {twoFactor ? (
        <TwoFactorChallenge onCancel={() => setTwoFactor(false)} />
      ) : (
        <div className="space-y-6">
          <Tabs idBase={idBase} label="Sign-in method" items={METHODS} value={method} onChange={setMethod} />
          <TabPanel idBase={idBase} value={method}>
            {method === 'password' ? (
              <PasswordSignIn email={email} onEmailChange={setEmail} onTwoFactor={() => setTwoFactor(true)} />
            ) : (
              <OtpSignIn email={email} onEmailChange={setEmail} onTwoFactor={() => setTwoFactor(true)} />
            )}
          </TabPanel>
          <DemoHint />
        </div>
      )}
    </AuthShell>
  );
}
