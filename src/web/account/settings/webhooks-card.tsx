import { Webhook } from 'lucide-react';
import { useState } from 'react';
import { toast } from 'sonner';
import type { WebhookEndpoint } from '../../../domain/api/webhooks';
import { MAX_WEBHOOK_ENDPOINTS_PER_USER } from '../../../domain/webhooks';
import { deleteWebhookEndpoint, useWebhookEndpoints, WEBHOOKS_QUERY_KEY } from '../api/webhooks-api';
import { AddWebhookDialog } from './add-webhook-dialog';
import { ConfirmRemovalDialog } from './confirm-removal-dialog';
import { ListSettingsCard } from './list-settings-card';
import { SectionQuery } from './section-loading';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import { WebhookEndpointItem } from './webhook-endpoint-item';

function DeleteDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  return (
    <ConfirmRemovalDialog
      item={endpoint}
      onClose={onClose}
      title="Delete this endpoint?"
      label="Delete endpoint"
      busyLabel="Deleting..."
      remove={(removed) => deleteWebhookEndpoint(removed.id)}
      listKey={WEBHOOKS_QUERY_KEY}
      onRemoved={() => toast.success('Endpoint deleted')}
    >
      <p>
        We stop sending events to{' '}
        <span className="font-mono break-all text-slate-900 dark:text-white">{endpoint?.url}</span> at once,
        including retries still waiting, and its delivery log is deleted.
      </p>
    </ConfirmRemovalDialog>
  );
}

function Endpoints() {
  const endpoints = useWebhookEndpoints();
  const [logOf, setLogOf] = useState<WebhookEndpoint | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  return (
    <SectionQuery
      query={endpoints}
      what="your webhooks"
      empty="No endpoints yet. Add one to hear about orders, subscriptions and refunds as they happen."
    >
      {(data) => (
        <>
          <ul aria-label="Your webhook endpoints" className="divide-y divide-slate-200 dark:divide-slate-800">
            {data.map((endpoint) => (
              <WebhookEndpointItem
                key={endpoint.id}
                endpoint={endpoint}
                onShowLog={() => setLogOf(endpoint)}
                onDelete={() => setDeleting(endpoint)}
              />
            ))}
          </ul>
          <WebhookDeliveriesDialog endpoint={logOf} onClose={() => setLogOf(null)} />
          <DeleteDialog endpoint={deleting} onClose={() => setDeleting(null)} />
        </>
      )}
    </SectionQuery>
  );
}

/** 'Webhooks' (docs/decisions/0012-webhooks.md): endpoints that receive signed events, and their logs. */
export function WebhooksCard() {
  return (
    <ListSettingsCard
      id="webhooks"
      title="Webhooks"
      description="Have us POST a signed message to your server when something happens on your account."
      icon={<Webhook className="h-5 w-5" />}
      limit={`Up to ${MAX_WEBHOOK_ENDPOINTS_PER_USER} endpoints.`}
      docs={{ to: '/docs/api#webhooks', label: 'How to verify signatures' }}
      addLabel="Add endpoint"
      addDialog={AddWebhookDialog}
    >
      <Endpoints />
    </ListSettingsCard>
  );
}
