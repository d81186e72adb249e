import { useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import { otpCodeSchema } from '../../../domain/account-schemas';
import { TWO_FACTOR_ENABLED } from '../../../domain/messages';
import { errorMessage } from '../../lib/api';
import { startTwoFactorEnrolment, type TwoFactorEnrolment, verifyTotp } from '../../lib/api/auth-api';
import { useSessionActions } from '../../lib/session';
import { useZodForm } from '../../lib/use-zod-form';
import { Alert } from '../../ui/alert';
import { CopyButton } from '../../ui/copy-button';
import { Dialog } from '../../ui/dialog';
import { SubmitButton } from '../../ui/submit-button';
import { TextField } from '../../ui/text-field';
import { authenticatorCodeInput, digitsOnly } from '../components/code-input';
import { CurrentPasswordField } from '../components/current-password-field';
import { StackedForm } from '../components/stacked-form';
import { isWrongPassword } from '../form-errors';
import { TotpQrCode } from './totp-qr-code';

/** 'JBSWY3DPEHPK3PXP' -> 'JBSW Y3DP EHPK 3PXP', easier to type into an app by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim();

const passwordSchema = z.object({ password: z.string().min(1, 'Enter your password.') });
const codeSchema = z.object({ code: otpCodeSchema });

function PasswordStep({ onEnrolled }: { onEnrolled: (enrolment: TwoFactorEnrolment) => void }) {
  const form = useZodForm({
    schema: passwordSchema,
    initialValues: { password: '' },
    invalidAs: 'alert',
    onSubmit: async ({ password }) => onEnrolled(await startTwoFactorEnrolment(password)),
    onError: (err) =>
      isWrongPassword(err) ? 'Your password is incorrect.' : errorMessage(err, 'Please try again.'),
  });

  return (
    <StackedForm form={form} submit={{ label: 'Continue', busyLabel: 'Checking...' }}>
      <CurrentPasswordField id="enable-2fa-password" {...form.bind('password')} />
    </StackedForm>
  );
}

function ConfirmStep({ enrolment, onDone }: { enrolment: TwoFactorEnrolment; onDone: () => void }) {
  const { refresh } = useSessionActions();
  const secret = new URL(enrolment.totpURI).searchParams.get('secret') ?? '';
  const { values, setValues, formError, busy, submit } = useZodForm({
    schema: codeSchema,
    initialValues: { code: '' },
    invalidAs: 'alert',
    onSubmit: async ({ code }) => {
      await verifyTotp(code);
      await refresh();
      toast.success(TWO_FACTOR_ENABLED);
      onDone();
    },
    onError: (err) => errorMessage(err, 'That code did not work. Try the current code from your app.'),
  });

  return (
    <div className="space-y-6 text-sm">
      <section className="space-y-3">
        <h3 className="font-semibold text-slate-900 dark:text-white">1. Scan the QR code</h3>
        <p className="text-slate-600 dark:text-slate-400">
          Use an authenticator app such as Google Authenticator, Microsoft Authenticator, 1Password or Authy.
        </p>
        <div className="flex flex-col items-center gap-3 sm:flex-row sm:items-start">
          <TotpQrCode uri={enrolment.totpURI} />
          <div className="w-full min-w-0 space-y-2">
            <p className="text-slate-600 dark:text-slate-400">Can't scan it? Enter this key instead:</p>
            <code
              data-testid="totp-secret"
              className="block rounded-lg bg-slate-100 px-3 py-2 font-mono text-sm break-words text-slate-900 dark:bg-slate-800 dark:text-slate-100"
            >
              {grouped(secret)}
            </code>
            <CopyButton text={secret} label="Copy key" copiedMessage="Key copied" />
          </div>
        </div>
      </section>
      <section className="space-y-3">
        <h3 className="font-semibold text-slate-900 dark:text-white">2. Save your backup codes</h3>
        <p className="text-slate-600 dark:text-slate-400">
          If you lose your phone, each code signs you in once. Keep them somewhere safe: they are shown only
          now.
        </p>
        <ul
          aria-label="Backup codes"
          className="grid grid-cols-2 gap-x-4 gap-y-1.5 rounded-lg border border-slate-200 bg-slate-50 p-3 font-mono text-sm dark:border-slate-700 dark:bg-slate-800/60"
        >
          {enrolment.backupCodes.map((backupCode) => (
            <li key={backupCode}>{backupCode}</li>
          ))}
        </ul>
        <CopyButton
          text={enrolment.backupCodes.join('\n')}
          label="Copy backup codes"
          copiedMessage="Backup codes copied"
        />
      </section>
      <form onSubmit={submit} noValidate className="space-y-3">
        <h3 className="font-semibold text-slate-900 dark:text-white">3. Enter the code from the app</h3>
        {formError && <Alert tone="error">{formError}</Alert>}
        <TextField
          id="enable-2fa-code"
          label="6-digit code"
          {...authenticatorCodeInput}
          value={values.code}
          onChange={(e) => setValues({ code: digitsOnly(e) })}
        />
        <SubmitButton busy={busy} busyLabel="Verifying..." className="w-full">
          Verify and turn on
        </SubmitButton>
      </form>
    </div>
  );
}

/**
 * Enrolment (D9): confirm the password, scan the QR code (or type the key), save the backup
 * codes, then prove the app works with one code. Two-factor is on only after that code.
 */
export function TwoFactorEnableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [enrolment, setEnrolment] = useState<TwoFactorEnrolment | null>(null);
  const close = () => {
    setEnrolment(null);
    onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      title="Turn on two-factor authentication"
      description={
        enrolment
          ? 'Signing in will ask for a code from your phone as well as your password.'
          : 'Confirm your password to continue.'
      }
    >
      {enrolment ? (
        <ConfirmStep enrolment={enrolment} onDone={close} />
      ) : (
        <PasswordStep onEnrolled={setEnrolment} />
      )}
    </Dialog>
  );
}
