import { useQueryClient } from '@tanstack/react-query';
import { Plus, Webhook } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import type { WebhookEndpoint } from '../../../domain/api/webhooks';
import { MAX_WEBHOOK_ENDPOINTS_PER_USER } from '../../../domain/webhooks';
import { SectionCard } from '../../layout/section-card';
import { Button } from '../../ui/button';
import { LoadError } from '../../ui/load-error';
import { textLinkClasses } from '../../ui/text-link';
import { AddWebhookDialog } from './add-webhook-dialog';
import { ConfirmRemovalDialog } from './confirm-removal-dialog';
import { SectionLoading } from './section-loading';
import { WebhookDeliveriesDialog } from './webhook-deliveries-dialog';
import { WebhookEndpointItem } from './webhook-endpoint-item';
import { deleteWebhookEndpoint, useWebhookEndpoints, WEBHOOKS_QUERY_KEY } from './webhooks-api';

function DeleteDialog({ endpoint, onClose }: { endpoint: WebhookEndpoint | null; onClose: () => void }) {
  const queryClient = useQueryClient();
  return (
    <ConfirmRemovalDialog
      open={endpoint !== null}
      onClose={onClose}
      title="Delete this endpoint?"
      label="Delete endpoint"
      busyLabel="Deleting..."
      onConfirm={async () => {
        if (!endpoint) return;
        await deleteWebhookEndpoint(endpoint.id);
        await queryClient.invalidateQueries({ queryKey: WEBHOOKS_QUERY_KEY });
        toast.success('Endpoint deleted');
      }}
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
  if (endpoints.isPending) return <SectionLoading label="Loading your webhooks" />;
  if (endpoints.isError) {
    return (
      <LoadError
        title="We could not load your webhooks"
        onRetry={() => void endpoints.refetch()}
        retryIcon={false}
      />
    );
  }
  if (endpoints.data.length === 0) {
    return (
      <p className="rounded-lg border border-dashed border-slate-300 px-4 py-6 text-center text-sm text-slate-600 dark:border-slate-700 dark:text-slate-400">
        No endpoints yet. Add one to hear about orders, subscriptions and refunds as they happen.
      </p>
    );
  }
  return (
    <>
      <ul aria-label="Your webhook endpoints" className="divide-y divide-slate-200 dark:divide-slate-800">
        {endpoints.data.map((endpoint) => (
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
  );
}

/** 'Webhooks' (docs/decisions/0012-webhooks.md): endpoints that receive signed events, and their logs. */
export function WebhooksCard() {
  const [adding, setAdding] = useState(false);
  return (
    <section aria-labelledby="webhooks-title">
      <SectionCard
        titleId="webhooks-title"
        title="Webhooks"
        description="Have us POST a signed message to your server when something happens on your account."
        icon={<Webhook className="h-5 w-5" />}
        footer={
          <>
            <p className="mr-auto text-sm text-slate-600 dark:text-slate-400">
              Up to {MAX_WEBHOOK_ENDPOINTS_PER_USER} endpoints.{' '}
              <Link to="/docs/api#webhooks" className={textLinkClasses}>
                How to verify signatures
              </Link>
            </p>
            <Button onClick={() => setAdding(true)}>
              <Plus className="h-4 w-4" aria-hidden="true" />
              Add endpoint
            </Button>
          </>
        }
      >
        <Endpoints />
        <AddWebhookDialog open={adding} onClose={() => setAdding(false)} />
      </SectionCard>
    </section>
  );
}
