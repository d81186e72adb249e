import { LockKeyhole } from 'lucide-react';
import { type FormEvent, useRef, useState } from 'react';
import { toast } from 'sonner';
import { passwordChangeSchema } from '../../../domain/account-schemas';
import { MIN_PASSWORD_LENGTH } from '../../../domain/constants';
import { PASSWORD_CHANGED_DESCRIPTION, UPDATING, USER_PROFILE_UPDATED } from '../../../domain/messages';
import { SectionCard } from '../../layout/section-card';
import { errorMessage } from '../../lib/api';
import { Alert } from '../../ui/alert';
import { FormField } from '../../ui/form-field';
import { PasswordInput } from '../../ui/password-input';
import { changePassword } from '../auth-api';
import { SubmitButton } from '../components/submit-button';
import { type FieldErrors, fieldErrors, focusFirstInvalid, isWrongPassword } from '../form-errors';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const EMPTY: Record<Field, string> = { currentPassword: '', newPassword: '', confirmPassword: '' };

const FIELDS: { field: Field; label: string; autoComplete: string; hint?: string }[] = [
  { field: 'currentPassword', label: 'Current Password', autoComplete: 'current-password' },
  {
    field: 'newPassword',
    label: 'New Password',
    autoComplete: 'new-password',
    hint: `At least ${MIN_PASSWORD_LENGTH} characters.`,
  },
  { field: 'confirmPassword', label: 'Confirm New Password', autoComplete: 'new-password' },
];

/**
 * 'Account Security' (spec /profile, made real by D9): the server checks the current password,
 * changes it and signs out every other session.
 */
export function AccountSecurityCard({ email }: { email: string }) {
  const [values, setValues] = useState(EMPTY);
  const [errors, setErrors] = useState<FieldErrors<Field>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const parsed = passwordChangeSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await changePassword(parsed.data.currentPassword, parsed.data.newPassword);
      setValues(EMPTY);
      // The account's sign-in details changed: the spec's USER_UPDATED toast (section 4).
      toast.success(USER_PROFILE_UPDATED, { description: PASSWORD_CHANGED_DESCRIPTION });
    } catch (error) {
      // The server's generic credentials text reads oddly here; the field is what was wrong.
      if (isWrongPassword(error)) {
        setErrors({ currentPassword: 'Your current password is incorrect.' });
        focusFirstInvalid(formRef.current);
      } else {
        setFormError(errorMessage(error, 'We could not change your password. Please try again.'));
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard
      title="Account Security"
      description="Change your password. Other devices signed in to your account will be signed out."
      icon={<LockKeyhole className="h-5 w-5" />}
      footer={
        <SubmitButton form="password-form" busy={busy} busyLabel={UPDATING}>
          Update Password
        </SubmitButton>
      }
    >
      <form id="password-form" ref={formRef} onSubmit={submit} noValidate className="space-y-5">
        {formError && <Alert tone="error">{formError}</Alert>}
        {/* Lets password managers tie the new password to the right account. */}
        <input type="email" autoComplete="username" value={email} readOnly hidden />
        <div className="grid gap-5 sm:grid-cols-2">
          {FIELDS.map(({ field, label, autoComplete, hint }) => (
            <div
              key={field}
              className={field === 'currentPassword' ? 'sm:col-span-2 sm:max-w-[calc(50%-0.625rem)]' : ''}
            >
              <FormField
                id={`security-${field}`}
                label={label}
                error={errors[field]}
                {...(hint ? { hint } : {})}
              >
                {(describedBy) => (
                  <PasswordInput
                    id={`security-${field}`}
                    autoComplete={autoComplete}
                    required
                    value={values[field]}
                    onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
                    aria-invalid={errors[field] ? true : undefined}
                    aria-describedby={describedBy}
                  />
                )}
              </FormField>
            </div>
          ))}
        </div>
      </form>
    </SectionCard>
  );
}
