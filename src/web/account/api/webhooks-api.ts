import { useQuery } from '@tanstack/react-query';
import { webhooksApi } from '../../../domain/api/endpoints';
import type { CreateWebhookBody } from '../../../domain/api/webhooks';
import { call } from '../../lib/call';

// The signed-in customer's webhook endpoints (docs/decisions/0012-webhooks.md), on the shared contract.

export const WEBHOOKS_QUERY_KEY = ['me', 'webhooks'] as const;

export const deliveriesQueryKey = (endpointId: number) =>
  [...WEBHOOKS_QUERY_KEY, endpointId, 'deliveries'] as const;

export const useWebhookEndpoints = () =>
  useQuery({
    queryKey: WEBHOOKS_QUERY_KEY,
    queryFn: async () => (await call(webhooksApi.list)).endpoints,
  });

/** The answer carries the signing secret, this once. */
export const createWebhookEndpoint = (body: CreateWebhookBody) => call(webhooksApi.create, { body });

export const deleteWebhookEndpoint = (endpointId: number) =>
  call(webhooksApi.remove, { params: { endpointId } });

/**
 * The endpoint's latest deliveries, newest first. Fetched again at every opening of the log:
 * events arrive and the sweep delivers them every few seconds, so a copy from a minute ago is
 * not what the customer opened the log to see.
 */
/** While a message waits for its first attempt the log looks again this often: the sweep runs every 5 s. */
const PENDING_REFRESH_MS = 3_000;

export const useWebhookDeliveries = (endpointId: number) =>
  useQuery({
    queryKey: deliveriesQueryKey(endpointId),
    staleTime: 0,
    queryFn: async () => (await call(webhooksApi.deliveries, { params: { endpointId } })).deliveries,
    // A test event or a resend shows its outcome by itself; retries hours away are not polled.
    refetchInterval: (query) =>
      query.state.data?.some((d) => d.status === 'pending') ? PENDING_REFRESH_MS : false,
  });

/** Queues a webhook.test message to the endpoint; it shows in the delivery log, fetched again after. */
export const sendTestEvent = (endpointId: number) => call(webhooksApi.sendTest, { params: { endpointId } });

/** Sends one delivery's message again (same webhook-id, so receivers can deduplicate). */
export const resendDelivery = (endpointId: number, deliveryId: number) =>
  call(webhooksApi.resend, { params: { endpointId, deliveryId } });
