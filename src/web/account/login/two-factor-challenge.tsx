import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { otpCodeSchema } from '../../../domain/account-schemas';
import { LOGIN_FAILED, LOGIN_FAILED_FALLBACK } from '../../../domain/messages';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { verifyBackupCode, verifyTotp } from '../../lib/api-clients/auth-api';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { SubmitButton } from '../components/submit-button';
import { useFinishSignIn } from './use-finish-sign-in';

/**
 * The second step for accounts with two-factor on (D9): a code from the authenticator app,
 * or one of the backup codes shown at enrolment.
 */
export function TwoFactorChallenge({ onCancel }: { onCancel: () => void }) {
  const [mode, setMode] = useState<'totp' | 'backup'>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  const finishSignIn = useFinishSignIn();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    let value = code.trim();
    if (mode === 'totp') {
      const parsed = otpCodeSchema.safeParse(value);
      if (!parsed.success) {
        setError(parsed.error.issues[0]?.message);
        document.getElementById('two-factor-code')?.focus();
        return;
      }
      value = parsed.data;
    } else if (!value) {
      setError('Enter one of your backup codes.');
      document.getElementById('two-factor-code')?.focus();
      return;
    }
    setError(undefined);
    setBusy(true);
    try {
      await (mode === 'totp' ? verifyTotp(value) : verifyBackupCode(value));
      await finishSignIn();
    } catch (err) {
      toast.error(LOGIN_FAILED, { description: errorMessage(err, LOGIN_FAILED_FALLBACK) });
      // The pending sign-in expired or used up its attempts: only a fresh sign-in helps.
      if (err instanceof ApiRequestError && err.code === 'invalid_two_factor_cookie') onCancel();
    } finally {
      setBusy(false);
    }
  };

  const switchMode = () => {
    setMode((m) => (m === 'totp' ? 'backup' : 'totp'));
    setCode('');
    setError(undefined);
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-5">
      <div className="space-y-1">
        <h2 className="text-base font-semibold text-slate-900 dark:text-white">Two-factor authentication</h2>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          {mode === 'totp'
            ? 'Enter the 6-digit code from your authenticator app.'
            : 'Enter one of the backup codes you saved when you turned on two-factor authentication. Each code works once.'}
        </p>
      </div>
      <FormField
        id="two-factor-code"
        label={mode === 'totp' ? 'Authentication code' : 'Backup code'}
        error={error}
      >
        {(describedBy) => (
          <Input
            id="two-factor-code"
            inputMode={mode === 'totp' ? 'numeric' : 'text'}
            autoComplete="one-time-code"
            maxLength={mode === 'totp' ? 6 : 64}
            required
            value={code}
            onChange={(e) => setCode(mode === 'totp' ? e.target.value.replace(/\D/g, '') : e.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy}
            className="text-center font-mono text-lg tracking-[0.3em]"
          />
        )}
      </FormField>
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
