import { z } from 'zod';
import { emailSchema } from '../../../domain/account-schemas';
import { newPanelSchema } from '../../../domain/api/admin/panel-input';
import { DEFAULT_DOMAINS, USERS_PER_PANEL } from '../../../domain/constants';
import { TextField } from '../../ui/text-field';
import { ZodFormDialog } from '../../ui/zod-form-dialog';
import { addPanel, type StockChange } from '../api/panels-api';
import { useAdminActionForm } from '../shared/use-admin-action-form';
import { filledOrdersText } from './filled-orders';

const wholeNumber = (message: string) =>
  z
    .string()
    .trim()
    .regex(/^\d+$/, message)
    .transform((text) => Number(text));

/**
 * The text boxes first, in words for a form (every field is checked at once, so each shows its
 * own error); then the server's own rules and words for what a panel may be (its ranges).
 */
const addPanelFormSchema = z
  .object({
    email: emailSchema,
    password: z.string().refine((password) => password.trim() !== '', 'Enter the panel password.'),
    domains: wholeNumber('Enter a whole number of domains.'),
    maxMailboxes: wholeNumber('Enter a whole number of mailboxes.'),
  })
  .pipe(newPanelSchema.required());

const EMPTY = {
  email: '',
  password: '',
  domains: String(DEFAULT_DOMAINS),
  maxMailboxes: String(USERS_PER_PANEL),
};

/** Adds one panel to stock (D7): its password is encrypted by the server; waiting orders take it first. */
export function AddPanelDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const form = useAdminActionForm({
    schema: addPanelFormSchema,
    initialValues: EMPTY,
    action: addPanel,
    texts: {
      // Typed by hand: it reads the form's own values, which TypeScript cannot infer in a circle.
      success: (change: StockChange): { title: string; description: string } => ({
        title: 'Panel added',
        description: filledOrdersText(change.filledOrders) ?? `${form.values.email.trim()} is in stock.`,
      }),
      failure: 'Could not add the panel',
    },
    onClose,
  });

  const numberProps = { type: 'number', inputMode: 'numeric', min: 1, autoComplete: 'off' } as const;

  return (
    <ZodFormDialog
      form={form}
      open={open}
      title="Add panel"
      description="One panel into stock. Its password is stored encrypted; orders waiting for panels get it first."
      className="space-y-4"
      confirm={{ label: 'Add panel', busyLabel: 'Adding...' }}
    >
      <TextField
        id="add-panel-email"
        label="Admin email"
        type="email"
        autoComplete="off"
        {...form.bind('email')}
      />
      <TextField
        id="add-panel-password"
        label="Password"
        password
        autoComplete="off"
        {...form.bind('password')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField id="add-panel-domains" label="Domains" {...numberProps} {...form.bind('domains')} />
        <TextField
          id="add-panel-maxMailboxes"
          label="Max mailboxes"
          {...numberProps}
          {...form.bind('maxMailboxes')}
        />
      </div>
    </ZodFormDialog>
  );
}
