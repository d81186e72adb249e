import { type FormEvent, useState } from 'react';
import { errorMessage } from '../../lib/api';
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
  const [serverError, setServerError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = useAdminAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    if (password.trim() === '') {
      setFieldError('Enter the new password you set on the panel.');
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      await run(() => restockPanel(panel.id, password), {
        success: (change) => ({
          title: 'Panel restocked',
          description: filledOrdersText(change.filledOrders) ?? `${panel.email} is back in stock.`,
        }),
        failure: 'Could not restock the panel',
      });
      onClose();
    } catch (error) {
      setServerError(errorMessage(error, 'Please try again.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      dismissible={!busy}
      title="Restock panel"
      description={<span className="break-words">{panel.email}</span>}
    >
      <form onSubmit={submit} noValidate className="space-y-4 text-sm text-slate-700 dark:text-slate-300">
        {serverError && <Alert tone="error">{serverError}</Alert>}
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
          <Button variant="outline" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={busy}>
            {busy ? 'Restocking...' : 'Restock panel'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
