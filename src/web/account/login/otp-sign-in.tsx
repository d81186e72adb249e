import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
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
import { sendSignInCode, signInWithCode } from '../../lib/api/auth-api';
import { toastFailure } from '../../lib/toast-failure';
import { useZodForm } from '../../lib/use-zod-form';
import { Button } from '../../ui/button';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import { digitsOnly } from '../components/code-input';
import { EmailField } from '../components/email-field';
import { useFinishSignIn } from './use-finish-sign-in';

const emailStepSchema = z.object({ email: emailSchema });
const codeStepSchema = z.object({ code: otpCodeSchema });

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
  const finishSignIn = useFinishSignIn();

  const codeForm = useZodForm({
    schema: codeStepSchema,
    initialValues: { code: '' },
    onSubmit: async ({ code }) => {
      // The code form shows only once a code was sent.
      const result = await signInWithCode(sentTo!, code);
      if (result.twoFactorRedirect) onTwoFactor();
      else await finishSignIn();
    },
    onError: toastFailure(LOGIN_FAILED, LOGIN_FAILED_FALLBACK),
  });

  // The e-mail is the login page's, shared with the Password tab; this tab remounts on every switch.
  const emailForm = useZodForm({
    schema: emailStepSchema,
    initialValues: { email },
    onSubmit: async (parsed) => {
      await sendSignInCode(parsed.email);
      setSentTo(parsed.email);
      codeForm.reset();
      toast.success(OTP_SENT, { description: OTP_SENT_DESCRIPTION });
      // The code field replaces the e-mail field; move focus there so keyboard users can type on.
      requestAnimationFrame(() => document.getElementById('otp-code')?.focus());
    },
    onError: toastFailure(OTP_SEND_FAILED, OTP_SEND_FAILED_FALLBACK),
  });

  // A blank address is a missing step rather than a typo: it is said in a toast, not on the field.
  const send = (event: FormEvent) => {
    if (emailForm.values.email.trim()) return emailForm.submit(event);
    event.preventDefault();
    toast.error(EMAIL_REQUIRED, { description: EMAIL_REQUIRED_DESCRIPTION });
  };

  if (!sentTo) {
    return (
      <form ref={emailForm.formRef} onSubmit={send} noValidate className="space-y-5">
        <EmailField
          id="otp-email"
          autoComplete="username"
          hint="We'll email you a 6-digit sign-in code."
          {...emailForm.bind('email')}
          onChange={(e) => {
            emailForm.field('email')(e);
            onEmailChange(e.target.value);
          }}
        />
        <SubmitButton busy={emailForm.busy} busyLabel={SENDING_CODE} className="w-full">
          Send verification code
        </SubmitButton>
      </form>
    );
  }

  return (
    <form ref={codeForm.formRef} onSubmit={codeForm.submit} noValidate className="space-y-5">
      <p className="text-sm text-slate-700 dark:text-slate-300">
        If an account exists for <span className="font-semibold break-all">{sentTo}</span>, a 6-digit code is
        on its way. It expires in 10 minutes.
      </p>
      <TextField
        id="otp-code"
        label="Verification code"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={6}
        required
        value={codeForm.values.code}
        onChange={(e) => codeForm.setValues({ code: digitsOnly(e) })}
        error={codeForm.errors.code}
        className="text-center font-mono text-lg tracking-[0.5em]"
      />
      <SubmitButton busy={codeForm.busy} busyLabel="Verifying..." className="w-full">
        Verify code
      </SubmitButton>
      <div className="flex items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            setSentTo(null);
            codeForm.reset();
          }}
        >
          Use a different email
        </Button>
        <Button
          variant="ghost"
          size="sm"
          disabled={emailForm.busy || codeForm.busy}
          onClick={() => void emailForm.submit()}
        >
          {emailForm.busy ? SENDING_CODE : 'Resend code'}
        </Button>
      </div>
    </form>
  );
}
