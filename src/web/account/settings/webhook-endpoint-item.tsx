import { useQueryClient } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { toast } from 'sonner';
import type { WebhookEndpoint } from '../../../domain/api/webhooks';
import { formatDate } from '../../lib/dates';
import { useToastedRun } from '../../lib/use-toasted-save';
import { Badge } from '../../ui/badge';
import { Button } from '../../ui/button';
import { deliveriesQueryKey, sendTestEvent } from '../api/webhooks-api';
import { endpointStatus, eventsSummary } from './webhook-texts';

/** One endpoint: its URL and health, the events it gets, and what can be done with it. */
export function WebhookEndpointItem({
  endpoint,
  onShowLog,
  onDelete,
}: {
  endpoint: WebhookEndpoint;
  onShowLog: () => void;
  onDelete: () => void;
}) {
  const queryClient = useQueryClient();
  const { busy: testing, run } = useToastedRun('We could not send the test event');
  const status = endpointStatus(endpoint, formatDate);

  const sendTest = () =>
    run(async () => {
      await sendTestEvent(endpoint.id);
      toast.success('Test event sent', { description: 'See how it went in the delivery log.' });
      await queryClient.invalidateQueries({ queryKey: deliveriesQueryKey(endpoint.id) });
    });

  return (
    <li className="space-y-3 py-4 first:pt-0 last:pb-0">
      <div className="flex flex-col gap-2 sm:flex-row sm:items-start sm:justify-between">
        <p className="min-w-0 font-mono text-sm break-all text-slate-900 dark:text-white">{endpoint.url}</p>
        <Badge tone={status.tone} className="shrink-0 self-start px-2.5 py-0.5">
          {status.label}
        </Badge>
      </div>
      <details className="group text-sm text-slate-600 dark:text-slate-400">
        <summary className="cursor-pointer rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600">
          {eventsSummary(endpoint.events)} · added {formatDate(endpoint.createdAt)}
        </summary>
        <ul className="mt-2 flex flex-wrap gap-1.5" aria-label="Events">
          {endpoint.events.map((event) => (
            <li key={event}>
              <code className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-800 dark:bg-slate-800 dark:text-slate-200">
                {event}
              </code>
            </li>
          ))}
        </ul>
      </details>
      {endpoint.disabledAt !== null && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Every delivery failed for 3 days, so we stopped sending. Fix the receiver, then delete this endpoint
          and add it again.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button
          variant="outline"
          size="sm"
          disabled={testing || endpoint.disabledAt !== null}
          onClick={() => void sendTest()}
          aria-label={`Send test event to ${endpoint.url}`}
        >
          <Send className="h-4 w-4" aria-hidden="true" />
          {testing ? 'Sending...' : 'Send test event'}
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onShowLog}
          aria-label={`Delivery log of ${endpoint.url}`}
        >
          Delivery log
        </Button>
        <Button variant="ghost" size="sm" onClick={onDelete} aria-label={`Delete ${endpoint.url}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}
