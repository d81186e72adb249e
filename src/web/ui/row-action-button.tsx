import type { ReactNode } from 'react';
import { useBusy } from '../lib/use-busy';
import { Button } from './button';

/**
 * A small button acting on one row of a list (resend a delivery, retry an e-mail): it turns
 * to `busyText` and stays disabled while `action` runs, so one click sends one request.
 * `action` says how it went (a toast) and must not throw.
 */
export function RowActionButton({
  action,
  label,
  busyText,
  disabled = false,
  children,
}: {
  action: () => Promise<void>;
  /** The accessible name: which row it acts on. */
  label: string;
  busyText: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  const { busy, track } = useBusy();
  return (
    <Button
      variant="outline"
      size="sm"
      disabled={busy || disabled}
      onClick={() => void track(action)}
      aria-label={label}
    >
      {busy ? busyText : children}
    </Button>
  );
}
