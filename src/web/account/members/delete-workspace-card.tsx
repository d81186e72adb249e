import { Trash2 } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import { z } from 'zod';
import type { ActiveWorkspaceInfo } from '../../../domain/api/account';
import { SectionCard } from '../../layout/section-card';
import { deleteWorkspace } from '../../lib/api/workspaces-api';
import { useEnterWorkspace } from '../../lib/use-enter-workspace';
import { useZodForm } from '../../lib/use-zod-form';
import { workspaceErrorText } from '../../lib/workspace-errors';
import { Button } from '../../ui/button';
import { DangerButton } from '../../ui/danger-button';
import { DialogActions } from '../../ui/dialog-actions';
import { FormDialog } from '../../ui/form-dialog';
import { TextField } from '../../ui/text-field';

const confirmSchema = z.object({ confirmName: z.string() });

/**
 * 'Delete workspace', for its owner, never the personal one: typing its name confirms. Its
 * members lose it and its keys and webhooks stop; the session goes back to the personal
 * workspace and the app starts over there.
 */
export function DeleteWorkspaceCard({ workspace }: { workspace: ActiveWorkspaceInfo }) {
  const [open, setOpen] = useState(false);
  const enter = useEnterWorkspace();
  const form = useZodForm({
    schema: confirmSchema,
    initialValues: { confirmName: '' },
    invalidAs: 'alert',
    onSubmit: async () => {
      if (!matches) return;
      await deleteWorkspace(workspace.id);
      setOpen(false);
      await enter();
      toast.success(`${workspace.name} deleted`, { description: 'You are back in your personal workspace.' });
    },
    onError: (error) => workspaceErrorText(error, 'We could not delete the workspace. Please try again.'),
  });
  const { values, field, busy, reset } = form;
  const matches = values.confirmName.trim() === workspace.name.trim();

  const close = () => {
    setOpen(false);
    reset();
  };

  return (
    <SectionCard
      title="Delete workspace"
      description={`Delete ${workspace.name} for everyone in it.`}
      icon={<Trash2 className="h-5 w-5" />}
      tone="danger"
    >
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          This cannot be undone. Its members lose access, and its API keys and webhooks stop. Its orders and
          invoices are kept for the accounts. Subscriptions must have ended first.
        </p>
        <DangerButton onClick={() => setOpen(true)} className="shrink-0">
          Delete workspace
        </DangerButton>
      </div>
      <FormDialog
        open={open}
        form={form}
        onClose={close}
        title={`Delete ${workspace.name}?`}
        description="Everyone in it loses access at once."
      >
        <TextField
          id="delete-workspace-name"
          label={`Type ${workspace.name} to confirm`}
          autoComplete="off"
          spellCheck={false}
          value={values.confirmName}
          onChange={field('confirmName')}
        />
        <DialogActions>
          <Button variant="outline" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <DangerButton type="submit" disabled={!matches || busy}>
            {busy ? 'Deleting...' : 'Delete workspace'}
          </DangerButton>
        </DialogActions>
      </FormDialog>
    </SectionCard>
  );
}
