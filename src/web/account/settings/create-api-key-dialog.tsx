import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { createApiKeyBodySchema } from '../../../domain/api/api-keys';
import type { ApiKeyScope } from '../../../domain/api-keys';
import { errorMessage } from '../../lib/api';
import { useDialogForm } from '../../lib/use-dialog-form';
import { CancelAndConfirm } from '../../ui/dialog-actions';
import { FormDialog } from '../../ui/form-dialog';
import { TextField } from '../../ui/text-field';
import { API_KEYS_QUERY_KEY, createApiKey } from '../api/api-keys-api';
import { ScopeChoice } from './scope-choice';
import { SecretOnceDialog } from './secret-once';

/**
 * 'Create API key': a name and a scope; the answer's whole key is then shown once, to copy,
 * and the dialog says plainly that it cannot be shown again.
 */
export function CreateApiKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const form = useDialogForm<{ name: string; scope: ApiKeyScope }, { name: string; scope: ApiKeyScope }>(
    () => {
      setCreated(null);
      onClose();
    },
    {
      schema: createApiKeyBodySchema,
      initialValues: { name: '', scope: 'read' },
      onSubmit: async (body) => {
        const answer = await createApiKey(body);
        setCreated({ name: answer.name, key: answer.key });
        await queryClient.invalidateQueries({ queryKey: API_KEYS_QUERY_KEY });
      },
      onError: (err) => errorMessage(err, 'We could not create the key. Please try again.'),
    },
  );
  const { values, setValues, bind, busy, close } = form;

  if (created) {
    return (
      <SecretOnceDialog
        open={open}
        onClose={close}
        title="Your new API key"
        description={`“${created.name}” is ready. Send it as a bearer token: Authorization: Bearer <key>.`}
        id="new-api-key"
        label="API key"
        secret={created.key}
        copyLabel="Copy key"
        copiedMessage="API key copied"
        warning="Copy this key now and keep it somewhere safe. We store only a fingerprint of it, so it will not be shown again."
      />
    );
  }

  return (
    <FormDialog
      form={form}
      open={open}
      title="Create API key"
      description="Keys let your own scripts and tools read your account through the API."
    >
      <TextField
        id="api-key-name"
        label="Name"
        hint="Something to recognise it by, such as the tool that will use it."
        autoComplete="off"
        maxLength={100}
        {...bind('name')}
      />
      <ScopeChoice
        value={values.scope}
        disabled={busy}
        onChange={(scope) => setValues((v) => ({ ...v, scope }))}
      />
      <CancelAndConfirm busy={busy} onCancel={close} label="Create key" busyLabel="Creating..." />
    </FormDialog>
  );
}
