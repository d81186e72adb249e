import { LoaderCircle } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, type ButtonProps } from './button';

/** A submit button that swaps to its busy label (the documented 'Signing in...' etc.) while a request runs. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  ...props
}: ButtonProps & { busy: boolean; busyLabel: string; children: ReactNode }) {
  return (
    <Button type="submit" disabled={busy} aria-disabled={busy} {...props}>
      {busy && <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" />}
      {busy ? busyLabel : children}
    </Button>
  );
}
