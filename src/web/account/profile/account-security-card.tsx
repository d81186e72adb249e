import { LockKeyhole } from 'lucide-react';
import { toast } from 'sonner';
import { passwordChangeSchema } from '../../../domain/account-schemas';
import { MIN_PASSWORD_LENGTH } from '../../../domain/constants';
import { PASSWORD_CHANGED_DESCRIPTION, USER_PROFILE_UPDATED } from '../../../domain/messages';
import { FormCard } from '../../layout/form-card';
import { errorMessage } from '../../lib/api';
import { changePassword } from '../../lib/api/auth-api';
import { useZodForm } from '../../lib/use-zod-form';
import { TextField } from '../../ui/text-field';
import { isWrongPassword } from '../form-errors';

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
  const form = useZodForm({
    schema: passwordChangeSchema,
    initialValues: EMPTY,
    onSubmit: async ({ currentPassword, newPassword }) => {
      await changePassword(currentPassword, newPassword);
      form.setValues(EMPTY);
      // The account's sign-in details changed: the USER_UPDATED toast of docs/product.md §4.
      toast.success(USER_PROFILE_UPDATED, { description: PASSWORD_CHANGED_DESCRIPTION });
    },
    // The server's generic credentials text reads oddly here; the field is what was wrong.
    onError: (error) =>
      isWrongPassword(error)
        ? { fields: { currentPassword: 'Your current password is incorrect.' } }
        : errorMessage(error, 'We could not change your password. Please try again.'),
  });
  const { bind } = form;

  return (
    <FormCard
      title="Account Security"
      description="Change your password. Other devices signed in to your account will be signed out."
      icon={<LockKeyhole className="h-5 w-5" />}
      form={form}
      submitLabel="Update Password"
      formClassName="space-y-5"
    >
      {/* Lets password managers tie the new password to the right account. */}
      <input type="email" autoComplete="username" value={email} readOnly hidden />
      <div className="grid gap-5 sm:grid-cols-2">
        {FIELDS.map(({ field, label, autoComplete, hint }) => (
          <div
            key={field}
            className={field === 'currentPassword' ? 'sm:col-span-2 sm:max-w-[calc(50%-0.625rem)]' : ''}
          >
            <TextField
              id={`security-${field}`}
              label={label}
              hint={hint}
              password
              autoComplete={autoComplete}
              required
              {...bind(field)}
            />
          </div>
        ))}
      </div>
    </FormCard>
  );
}
