import { useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { otpCodeSchema } from '../../../domain/account-schemas';
import { LOGIN_FAILED, LOGIN_FAILED_FALLBACK } from '../../../domain/messages';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { verifyBackupCode, verifyTotp } from '../../lib/api/auth-api';
import { useZodForm } from '../../lib/use-zod-form';
import { Button } from '../../ui/button';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import { digitsOnly } from '../components/code-input';
import { useFinishSignIn } from './use-finish-sign-in';

const CODE_SCHEMAS = {
  totp: z.object({ code: otpCodeSchema }),
  backup: z.object({ code: z.string().trim().min(1, 'Enter one of your backup codes.') }),
};

/**
 * The second step for accounts with two-factor on (D9): a code from the authenticator app,
 * or one of the backup codes shown at enrolment.
 */
export function TwoFactorChallenge({ onCancel }: { onCancel: () => void }) {
  const [mode, setMode] = useState<'totp' | 'backup'>('totp');
  const finishSignIn = useFinishSignIn();
  const { values, setValues, errors, busy, formRef, submit, reset } = useZodForm({
    schema: CODE_SCHEMAS[mode],
    initialValues: { code: '' },
    onSubmit: async ({ code }) => {
      await (mode === 'totp' ? verifyTotp(code) : verifyBackupCode(code));
      await finishSignIn();
    },
    onError: (err) => {
      toast.error(LOGIN_FAILED, { description: errorMessage(err, LOGIN_FAILED_FALLBACK) });
      // The pending sign-in expired or used up its attempts: only a fresh sign-in helps.
      if (err instanceof ApiRequestError && err.code === 'invalid_two_factor_cookie') onCancel();
      return undefined;
    },
  });

  const switchMode = () => {
    setMode((m) => (m === 'totp' ? 'backup' : 'totp'));
    reset();
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate className="space-y-5">
      <div className="space-y-1">
        <h2 className="text-base font-semibold text-slate-900 dark:text-white">Two-factor authentication</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {mode === 'totp'
            ? 'Enter the 6-digit code from your authenticator app.'
            : 'Enter one of the backup codes you saved when you turned on two-factor authentication. Each code works once.'}
        </p>
      </div>
      <TextField
        id="two-factor-code"
        label={mode === 'totp' ? 'Authentication code' : 'Backup code'}
        inputMode={mode === 'totp' ? 'numeric' : 'text'}
        autoComplete="one-time-code"
        maxLength={mode === 'totp' ? 6 : 64}
        required
        value={values.code}
        onChange={(e) => setValues({ code: mode === 'totp' ? digitsOnly(e) : e.target.value })}
        error={errors.code}
        className="text-center font-mono text-lg tracking-[0.3em]"
      />
      <SubmitButton busy={busy} busyLabel="Verifying..." className="w-full">
        Verify
      </SubmitButton>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button variant="ghost" size="sm" onClick={onCancel}>
          Back to sign in
        </Button>
        <Button variant="ghost" size="sm" onClick={switchMode}>
          {mode === 'totp' ? 'Use a backup code' : 'Use your authenticator app'}
        </Button>
      </div>
    </form>
  );
}
