import { toast } from 'sonner';
import { z } from 'zod';
import { otpCodeSchema } from '../../../domain/account-schemas';
import { TWO_FACTOR_DISABLED } from '../../../domain/messages';
import { errorMessage } from '../../lib/api';
import { disableTwoFactor, verifyTotp } from '../../lib/api/auth-api';
import { useSessionActions } from '../../lib/session';
import { useDialogForm } from '../../lib/use-dialog-form';
import { DangerButton } from '../../ui/danger-button';
import { FormDialog } from '../../ui/form-dialog';
import { TextField } from '../../ui/text-field';
import { authenticatorCodeInput, digitsOnly } from '../components/code-input';
import { CurrentPasswordField } from '../components/current-password-field';
import { isWrongPassword } from '../form-errors';

// Either factor missing reads as one message, whatever was wrong with the code.
const disableSchema = z.object({
  password: z.string().min(1, 'Enter your password.'),
  code: z
    .string()
    .refine(
      (code) => otpCodeSchema.safeParse(code).success,
      'Enter the 6-digit code from your authenticator app.',
    ),
});

/** Turning two-factor off asks for both factors: the password and a current code from the app. */
export function TwoFactorDisableDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { refresh } = useSessionActions();
  const form = useDialogForm(onClose, {
    schema: disableSchema,
    initialValues: { password: '', code: '' },
    invalidAs: 'alert',
    onSubmit: async ({ password, code }, close) => {
      await verifyTotp(otpCodeSchema.parse(code));
      await disableTwoFactor(password);
      await refresh();
      toast.info(TWO_FACTOR_DISABLED);
      close();
    },
    onError: (err) =>
      isWrongPassword(err) ? 'Your password is incorrect.' : errorMessage(err, 'Please try again.'),
  });
  const { values, setValues, bind, busy } = form;

  return (
    <FormDialog
      form={form}
      open={open}
      title="Turn off two-factor authentication"
      description="Your account will be protected by your password only."
    >
      <CurrentPasswordField id="disable-2fa-password" {...bind('password')} />
      <TextField
        id="disable-2fa-code"
        label="Code from your authenticator app"
        {...authenticatorCodeInput}
        value={values.code}
        onChange={(e) => setValues((v) => ({ ...v, code: digitsOnly(e) }))}
      />
      <DangerButton type="submit" disabled={busy} className="w-full">
        {busy ? 'Turning off...' : 'Turn off two-factor'}
      </DangerButton>
    </FormDialog>
  );
}
