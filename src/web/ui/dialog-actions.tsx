import type { ReactNode } from 'react';
import { Button } from './button';
import { DangerButton } from './danger-button';

/** A dialog's buttons: side by side at the right from sm up, stacked with the main one on top below. */
export function DialogActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">{children}</div>;
}

/** What a dialog's pair of buttons say, and how its action looks (for dialogs that draw the pair). */
export type ConfirmTexts = Omit<Parameters<typeof CancelAndConfirm>[0], 'busy' | 'onCancel' | 'onConfirm'>;

/**
 * The buttons of a dialog that cancels something the customer bought (an order, a subscription):
 * keep it, or cancel it, which cannot be undone.
 */
export function cancelling(thing: string): ConfirmTexts {
  return {
    label: `Cancel ${thing}`,
    busyLabel: 'Canceling...',
    cancelLabel: `Keep ${thing}`,
    tone: 'danger',
  };
}

/**
 * The usual pair: a way out and the dialog's action, both disabled while the action runs (the
 * action's label then says what is happening). Without `onConfirm` the action submits the
 * dialog's form; 'danger' draws it red, for what cannot be undone.
 */
export function CancelAndConfirm({
  busy,
  onCancel,
  cancelLabel = 'Cancel',
  label,
  busyLabel,
  onConfirm,
  disabled = false,
  tone = 'primary',
}: {
  busy: boolean;
  onCancel: () => void;
  cancelLabel?: string;
  label: string;
  busyLabel: string;
  onConfirm?: () => void;
  /** Not ready to act yet (nothing chosen), on top of busy. */
  disabled?: boolean;
  tone?: 'primary' | 'danger';
}) {
  const Confirm = tone === 'danger' ? DangerButton : Button;
  return (
    <DialogActions>
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        {cancelLabel}
      </Button>
      <Confirm type={onConfirm ? 'button' : 'submit'} onClick={onConfirm} disabled={disabled || busy}>
        {busy ? busyLabel : label}
      </Confirm>
    </DialogActions>
  );
}
