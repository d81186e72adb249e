import type { ComponentProps } from 'react';
import { TextField } from '../../ui/text-field';

type CurrentPasswordFieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'password'> & {
  label?: string;
};

/** Where the account's password is asked for again: the browser may fill in the saved one. */
export function CurrentPasswordField({ label = 'Password', ...props }: CurrentPasswordFieldProps) {
  return <TextField label={label} password autoComplete="current-password" required {...props} />;
}
