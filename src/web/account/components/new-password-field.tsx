import type { ComponentProps } from 'react';
import { MIN_PASSWORD_LENGTH } from '../../../domain/constants';
import { TextField } from '../../ui/text-field';

type NewPasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'password'> & {
  label?: string;
};

/** Where a password is chosen: the browser may offer to generate one, and the hint states the rule. */
export function NewPasswordField({ label = 'Password', ...props }: NewPasswordFieldProps) {
  return (
    <TextField
      label={label}
      password
      autoComplete="new-password"
      required
      hint={`At least ${MIN_PASSWORD_LENGTH} characters.`}
      {...props}
    />
  );
}
