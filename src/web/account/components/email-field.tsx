import type { ComponentProps } from 'react';
import { TextField } from '../../ui/text-field';

type EmailFieldProps = Omit<ComponentProps<typeof TextField>, 'label' | 'type'> & { label?: string };

/** The e-mail an account is known by, as every sign-in and sign-up form asks for it. */
export function EmailField({ label = 'Email', ...props }: EmailFieldProps) {
  return <TextField label={label} type="email" required placeholder="you@company.com" {...props} />;
}
