import { z } from 'zod';
import { TextField } from '../../ui/text-field';
import { ZodFormDialog } from '../../ui/zod-form-dialog';
import { type AdminPanel, restockPanel } from '../api/panels-api';
import { useAdminActionForm } from '../shared/use-admin-action-form';
import { filledOrdersText } from './filled-orders';

// Kept as typed (no trimming): it is the panel's own password.
const restockSchema = z.object({
  password: z
    .string()
    .refine((password) => password.trim() !== '', 'Enter the new password you set on the panel.'),
});

/**
 * Puts a retired panel back in stock (D8): its former owner knew the old password, so a new
 * one is required. Waiting orders are filled from it first (D7).
 */
export function RestockDialog({ panel, onClose }: { panel: AdminPanel; onClose: () => void }) {
  const form = useAdminActionForm({
    schema: restockSchema,
    initialValues: { password: '' },
    action: ({ password }) => restockPanel(panel.id, password),
    texts: {
      success: (change) => ({
        title: 'Panel restocked',
        description: filledOrdersText(change.filledOrders) ?? `${panel.email} is back in stock.`,
      }),
      failure: 'Could not restock the panel',
    },
    onClose,
  });

  return (
    <ZodFormDialog
      form={form}
      title="Restock panel"
      description={<span className="break-words">{panel.email}</span>}
      confirm={{ label: 'Restock panel', busyLabel: 'Restocking...' }}
    >
      <p>
        This panel was retired when its subscription ended. Change its password on the panel first, then enter
        the new one here: it goes back to stock, and orders waiting for panels get it first.
      </p>
      <TextField
        id="restock-password"
        label="New password"
        password
        autoComplete="off"
        {...form.bind('password')}
      />
    </ZodFormDialog>
  );
}
