import type { ComponentProps } from 'react';
import { TextField } from '../../ui/text-field';

/** The optional reference of money an admin records by hand (a renewal, added panels). */
export function PaymentReferenceField({
  id,
  ...bound
}: { id: string } & Pick<ComponentProps<typeof TextField>, 'value' | 'onChange' | 'error'>) {
  return (
    <TextField
      id={id}
      label="Payment reference (optional)"
      hint="The bank's transfer reference or the transaction hash, kept in the order's history."
      maxLength={200}
      autoComplete="off"
      {...bound}
    />
  );
}
