import { type FormEvent, useState } from 'react';
import { useDialogSubmit } from '../../lib/use-dialog-submit';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { PasswordInput } from '../../ui/password-input';
import { type AdminPanel, restockPanel } from '../api/panels-api';
import { useAdminAction } from '../shared/use-admin-action';
import { filledOrdersText } from './filled-orders';

/**
 * Puts a retired panel back in stock (D8): its former owner knew the old password, so a new
 * one is required. Waiting orders are filled from it first (D7).
 */
export function RestockDialog({ panel, onClose }: { panel: AdminPanel; onClose: () => void }) {
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string>();
  const dialog = useDialogSubmit();
  const run = useAdminAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password.trim() === '') {
      setFieldError('Enter the new password you set on the panel.');
      return;
    }
    setFieldError(undefined);
    const done = await dialog.submit(() =>
      run(() => restockPanel(panel.id, password), {
        success: (change) => ({
          title: 'Panel restocked',
          description: filledOrdersText(change.filledOrders) ?? `${panel.email} is back in stock.`,
        }),
        failure: 'Could not restock the panel',
      }),
    );
    if (done) onClose();
  };

  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!dialog.busy}
      title="Restock panel"
      description={<span className="break-words">{panel.email}</span>}
    >
      <form onSubmit={submit} noValidate className="space-y-4 text-sm text-slate-700 dark:text-slate-300">
        {dialog.error && <Alert tone="error">{dialog.error}</Alert>}
        <p>
          This panel was retired when its subscription ended. Change its password on the panel first, then
          enter the new one here: it goes back to stock, and orders waiting for panels get it first.
        </p>
        <FormField id="restock-password" label="New password" error={fieldError}>
          {(describedBy) => (
            <PasswordInput
              id="restock-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={describedBy}
              autoComplete="off"
            />
          )}
        </FormField>
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={dialog.busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={dialog.busy}>
            {dialog.busy ? 'Restocking...' : 'Restock panel'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
