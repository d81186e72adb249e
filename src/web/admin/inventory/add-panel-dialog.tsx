import { type FormEvent, useState } from 'react';
import { emailSchema } from '../../../domain/account-schemas';
import { DEFAULT_DOMAINS, USERS_PER_PANEL } from '../../../domain/constants';
import { useDialogSubmit } from '../../lib/use-dialog-submit';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { Dialog } from '../../ui/dialog';
import { FormField } from '../../ui/form-field';
import { Input } from '../../ui/input';
import { PasswordInput } from '../../ui/password-input';
import { addPanel } from '../api/panels-api';
import { useAdminAction } from '../shared/use-admin-action';
import { filledOrdersText } from './filled-orders';

interface Fields {
  email: string;
  password: string;
  domains: string;
  maxMailboxes: string;
}

type FieldErrors = Partial<Record<keyof Fields, string>>;

const EMPTY: Fields = {
  email: '',
  password: '',
  domains: String(DEFAULT_DOMAINS),
  maxMailboxes: String(USERS_PER_PANEL),
};

const wholeNumber = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : null);

/** The checks a form can make alone; ranges and duplicates are the server's (its words are shown). */
function check(fields: Fields): FieldErrors {
  const errors: FieldErrors = {};
  const email = emailSchema.safeParse(fields.email);
  if (!email.success) errors.email = email.error.issues[0]?.message;
  if (fields.password.trim() === '') errors.password = 'Enter the panel password.';
  if (!wholeNumber(fields.domains)) errors.domains = 'Enter a whole number of domains.';
  if (!wholeNumber(fields.maxMailboxes)) errors.maxMailboxes = 'Enter a whole number of mailboxes.';
  return errors;
}

/** Adds one panel to stock (D7): its password is encrypted by the server; waiting orders take it first. */
export function AddPanelDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const dialog = useDialogSubmit();
  const run = useAdminAction();

  const close = () => {
    setFields(EMPTY);
    setErrors({});
    dialog.clearError();
    onClose();
  };

  const set = (key: keyof Fields) => (value: string) => setFields((f) => ({ ...f, [key]: value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found = check(fields);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    const done = await dialog.submit(() =>
      run(
        () =>
          addPanel({
            email: fields.email.trim(),
            password: fields.password,
            domains: Number(fields.domains),
            maxMailboxes: Number(fields.maxMailboxes),
          }),
        {
          success: (change) => ({
            title: 'Panel added',
            description: filledOrdersText(change.filledOrders) ?? `${fields.email.trim()} is in stock.`,
          }),
          failure: 'Could not add the panel',
        },
      ),
    );
    if (done) close();
  };

  const field = (key: keyof Fields, label: string, type: 'email' | 'number') => (
    <FormField id={`add-panel-${key}`} label={label} error={errors[key]}>
      {(describedBy) => (
        <Input
          id={`add-panel-${key}`}
          type={type}
          inputMode={type === 'number' ? 'numeric' : undefined}
          min={type === 'number' ? 1 : undefined}
          value={fields[key]}
          onChange={(e) => set(key)(e.target.value)}
          aria-invalid={errors[key] ? true : undefined}
          aria-describedby={describedBy}
          autoComplete="off"
        />
      )}
    </FormField>
  );

  return (
    <Dialog
      open={open}
      onClose={close}
      dismissible={!dialog.busy}
      title="Add panel"
      description="One panel into stock. Its password is stored encrypted; orders waiting for panels get it first."
    >
      <form onSubmit={submit} noValidate className="space-y-4">
        {dialog.error && <Alert tone="error">{dialog.error}</Alert>}
        {field('email', 'Admin email', 'email')}
        <FormField id="add-panel-password" label="Password" error={errors.password}>
          {(describedBy) => (
            <PasswordInput
              id="add-panel-password"
              value={fields.password}
              onChange={(e) => set('password')(e.target.value)}
              aria-invalid={errors.password ? true : undefined}
              aria-describedby={describedBy}
              autoComplete="off"
            />
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          {field('domains', 'Domains', 'number')}
          {field('maxMailboxes', 'Max mailboxes', 'number')}
        </div>
        <div className="flex flex-col-reverse gap-3 pt-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={close} disabled={dialog.busy}>
            Cancel
          </Button>
          <Button type="submit" disabled={dialog.busy}>
            {dialog.busy ? 'Adding...' : 'Add panel'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
