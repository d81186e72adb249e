import { type FormEvent, useState } from 'react';
import { toast } from 'sonner';
import { otpCodeSchema } from '../../../domain/account-schemas';
import { TWO_FACTOR_DISABLED } from '../../../domain/messages';
import { errorMessage } from '../../lib/api';
import { disableTwoFactor, verifyTotp } from '../../lib/api-clients/auth-api';
import { useSessionActions } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { DangerButton } from '../../ui/danger-button';
import { Dialog } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { PasswordInput } from '../../ui/password-input';
import { isWrongPassword } from '../form-errors';

/** Turning two-factor off asks for both factors: the password and a current code from the app. */
export function TwoFactorDisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { refresh } = useSessionActions();

  const close = () => {
    setPassword('');
    setCode('');
    setError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsedCode = otpCodeSchema.safeParse(code);
    if (!password || !parsedCode.success) {
      setError(!password ? 'Enter your password.' : 'Enter the 6-digit code from your authenticator app.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await verifyTotp(parsedCode.data);
      await disableTwoFactor(password);
      await refresh();
      toast.info(TWO_FACTOR_DISABLED);
      close();
    } catch (err) {
      setError(isWrongPassword(err) ? 'Your password is incorrect.' : errorMessage(err, 'Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      dismissible={!busy}
      title="Turn off two-factor authentication"
      description="Your account will be protected by your password only."
    >
      <form onSubmit={submit} noValidate className="space-y-5">
        {error && <Alert tone="error">{error}</Alert>}
        <FormField id="disable-2fa-password" label="Password">
          {(describedBy) => (
            <PasswordInput
              id="disable-2fa-password"
              autoComplete="current-password"
              required
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-describedby={describedBy}
            />
          )}
        </FormField>
        <FormField id="disable-2fa-code" label="Code from your authenticator app">
          {(describedBy) => (
            <Input
              id="disable-2fa-code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              required
              value={code}
              onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))}
              aria-describedby={describedBy}
              className="font-mono tracking-[0.3em]"
            />
          )}
        </FormField>
        <DangerButton type="submit" disabled={busy} className="w-full">
          {busy ? 'Turning off...' : 'Turn off two-factor'}
        </DangerButton>
      </form>
    </Dialog>
  );
}
