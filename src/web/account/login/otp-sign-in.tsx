import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { emailSchema, otpCodeSchema } from '../../../domain/account-schemas';
import {
  EMAIL_REQUIRED,
  EMAIL_REQUIRED_DESCRIPTION,
  LOGIN_FAILED,
  LOGIN_FAILED_FALLBACK,
  OTP_SEND_FAILED,
  OTP_SEND_FAILED_FALLBACK,
  OTP_SENT,
  OTP_SENT_DESCRIPTION,
  SENDING_CODE,
} from '../../../domain/messages';
import { errorMessage } from '../../lib/api';
import { sendSignInCode, signInWithCode } from '../../lib/api-clients/auth-api';
import { focusFirstInvalid } from '../../lib/form-errors';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { SubmitButton } from '../components/submit-button';
import { useFinishSignIn } from './use-finish-sign-in';

interface OtpSignInProps {
  email: string;
  onEmailChange: (email: string) => void;
  onTwoFactor: () => void;
}

/**
 * The OTP tab (D9): 'Send verification code' mails a real 6-digit code, then a code field
 * and 'Verify code' complete the sign-in. The server answers the same for unknown e-mails.
 */
export function OtpSignIn({ email, onEmailChange, onTwoFactor }: OtpSignInProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState<'send' | 'verify' | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const finishSignIn = useFinishSignIn();

  const send = async (event?: FormEvent) => {
    event?.preventDefault();
    if (!email.trim()) {
      toast.error(EMAIL_REQUIRED, { description: EMAIL_REQUIRED_DESCRIPTION });
      return;
    }
    const parsed = emailSchema.safeParse(email);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      focusFirstInvalid(formRef.current);
      return;
    }
    setError(undefined);
    setBusy('send');
    try {
      await sendSignInCode(parsed.data);
      setSentTo(parsed.data);
      setCode('');
      toast.success(OTP_SENT, { description: OTP_SENT_DESCRIPTION });
      // The code field replaces the e-mail field; move focus there so keyboard users can type on.
      requestAnimationFrame(() => document.getElementById('otp-code')?.focus());
    } catch (err) {
      toast.error(OTP_SEND_FAILED, { description: errorMessage(err, OTP_SEND_FAILED_FALLBACK) });
    } finally {
      setBusy(null);
    }
  };

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!sentTo) return;
    const parsed = otpCodeSchema.safeParse(code);
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message);
      focusFirstInvalid(formRef.current);
      return;
    }
    setError(undefined);
    setBusy('verify');
    try {
      const result = await signInWithCode(sentTo, parsed.data);
      if (result.twoFactorRedirect) onTwoFactor();
      else await finishSignIn();
    } catch (err) {
      toast.error(LOGIN_FAILED, { description: errorMessage(err, LOGIN_FAILED_FALLBACK) });
    } finally {
      setBusy(null);
    }
  };

  if (!sentTo) {
    return (
      <form ref={formRef} onSubmit={send} noValidate className="space-y-5">
        <FormField id="otp-email" label="Email" error={error} hint="We'll email you a 6-digit sign-in code.">
          {(describedBy) => (
            <Input
              id="otp-email"
              type="email"
              autoComplete="username"
              required
              value={email}
              onChange={(e) => onEmailChange(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy}
              placeholder="you@company.com"
            />
          )}
        </FormField>
        <SubmitButton busy={busy === 'send'} busyLabel={SENDING_CODE} className="w-full">
          Send verification code
        </SubmitButton>
      </form>
    );
  }

  return (
    <form ref={formRef} onSubmit={verify} noValidate className="space-y-5">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        If an account exists for <span className="font-semibold break-all">{sentTo}</span>, a 6-digit code is
        on its way. It expires in 10 minutes.
      </p>
      <FormField id="otp-code" label="Verification code" error={error}>
        {(describedBy) => (
          <Input
            id="otp-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            pattern="[0-9]*"
            maxLength={6}
            required
            value={code}
            onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className="text-center font-mono text-lg tracking-[0.5em]"
          />
        )}
      </FormField>
      <SubmitButton busy={busy === 'verify'} busyLabel="Verifying..." className="w-full">
        Verify code
      </SubmitButton>
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setSentTo(null);
            setError(undefined);
          }}
        >
          Use a different email
        </Button>
        <Button variant="ghost" size="sm" disabled={busy !== null} onClick={() => void send()}>
          {busy === 'send' ? SENDING_CODE : 'Resend code'}
        </Button>
      </div>
    </form>
  );
}
