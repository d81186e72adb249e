import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { type CreateWebhookBody, createWebhookBodySchema } from '../../../domain/api/webhooks';
import { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '../../../domain/webhooks';
import { ApiRequestError, errorMessage } from '../../lib/api';
import { useDialogForm } from '../../lib/use-dialog-form';
import { CancelAndConfirm } from '../../ui/dialog-actions';
import { FormDialog } from '../../ui/form-dialog';
import { TextField } from '../../ui/text-field';
import { textLinkClasses } from '../../ui/text-link';
import { createWebhookEndpoint, WEBHOOKS_QUERY_KEY } from '../api/webhooks-api';
import { SecretOnceDialog } from './secret-once';
import { WebhookEventChoice } from './webhook-event-choice';

type Values = { url: string; events: WebhookEventType[] };
const INITIAL: Values = { url: '', events: [...WEBHOOK_EVENT_TYPES] };

/** A refusal of the request itself (the URL is not https, or points at a private address) belongs on the URL. */
const isUrlRefusal = (error: unknown) =>
  error instanceof ApiRequestError && (error.status === 400 || error.status === 422);

/**
 * 'Add endpoint': a URL and the events to send to it. The answer's signing secret is then
 * shown once, to copy into the receiver.
 */
export function AddWebhookDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [secret, setSecret] = useState<string | null>(null);
  const form = useDialogForm<Values, CreateWebhookBody>(
    () => {
      setSecret(null);
      onClose();
    },
    {
      schema: createWebhookBodySchema,
      initialValues: INITIAL,
      onSubmit: async (body) => {
        const created = await createWebhookEndpoint(body);
        setSecret(created.secret);
        await queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });
      },
      onError: (error) =>
        isUrlRefusal(error)
          ? { fields: { url: errorMessage(error, 'This URL cannot receive webhooks.') } }
          : errorMessage(error, 'We could not add the endpoint. Please try again.'),
    },
  );
  const { values, setValues, errors, busy, close } = form;

  if (secret) {
    return (
      <SecretOnceDialog
        open={open}
        onClose={close}
        title="Endpoint added"
        description="Events are signed with this secret, so your receiver can check they came from us."
        id="new-webhook-secret"
        label="Signing secret"
        secret={secret}
        copyLabel="Copy secret"
        copiedMessage="Signing secret copied"
        warning="Copy the secret into your receiver now. It will not be shown again; if you lose it, delete the endpoint and add it again."
      >
        <p className="text-sm text-slate-600 dark:text-slate-400">
          How to check a signature:{' '}
          <Link to="/docs/api#webhooks" className={textLinkClasses}>
            verifying webhooks
          </Link>
          .
        </p>
      </SecretOnceDialog>
    );
  }

  return (
    <FormDialog
      form={form}
      open={open}
      title="Add endpoint"
      description="We send an HTTPS POST to this URL each time one of the chosen events happens."
    >
      <TextField
        id="webhook-url"
        label="Endpoint URL"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/webhooks/panelhub"
        hint="A public https address that answers with a 2xx status."
        value={values.url}
        error={errors.url}
        onChange={(e) => setValues((v) => ({ ...v, url: e.target.value }))}
      />
      <WebhookEventChoice
        value={values.events}
        disabled={busy}
        error={errors.events}
        onChange={(events) => setValues((v) => ({ ...v, events }))}
      />
      <CancelAndConfirm busy={busy} onCancel={close} label="Add endpoint" busyLabel="Adding..." />
    </FormDialog>
  );
}
