import { toast } from 'sonner';
import { createWorkspaceBodySchema } from '../../domain/api/workspaces';
import { WORKSPACE_NAME_MAX } from '../../domain/workspaces/roles';
import { createWorkspace } from '../lib/api/workspaces-api';
import { useDialogForm } from '../lib/use-dialog-form';
import { useEnterWorkspace } from '../lib/use-enter-workspace';
import { workspaceErrorText } from '../lib/workspace-errors';
import { TextField } from '../ui/text-field';
import { ZodFormDialog } from '../ui/zod-form-dialog';

/**
 * 'Create workspace': a name, then the new workspace, with the user as its owner, is where the
 * session works; the app starts over on its (empty) dashboard.
 */
export function CreateWorkspaceDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const enter = useEnterWorkspace();
  const form = useDialogForm(onClose, {
    schema: createWorkspaceBodySchema,
    initialValues: { name: '' },
    onSubmit: async ({ name }, close) => {
      const created = await createWorkspace(name);
      close();
      await enter();
      toast.success(`${created.name} is ready`, {
        description: 'You are its owner. Invite people from Members.',
      });
    },
    onError: (error) => workspaceErrorText(error, 'We could not create the workspace. Please try again.'),
  });

  return (
    <ZodFormDialog
      form={form}
      open={open}
      title="Create workspace"
      description="A workspace holds its own orders, panels, billing and members. You will be its owner."
      confirm={{ label: 'Create workspace', busyLabel: 'Creating...' }}
    >
      <TextField
        id="workspace-name"
        label="Name"
        hint="Your company or a client's, for example."
        autoComplete="organization"
        maxLength={WORKSPACE_NAME_MAX}
        {...form.bind('name')}
      />
    </ZodFormDialog>
  );
}
