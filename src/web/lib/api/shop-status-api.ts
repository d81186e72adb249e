import { useQuery } from '@tanstack/react-query';
import { type ShopStatus, shopStatusSchema } from '../../../domain/api/status';
import { api } from '../api';

export type { DeliveryRecord, ShopStatus } from '../../../domain/api/status';

// api() with the path, not call(siteApi.status): the declaration module would bring the endpoint
// machinery and the site's other schemas into the public /status page's first download (3.7 KB gzipped).

/** The shop's delivery record and stock situation (public; the server keeps it a minute). */
export function useShopStatus() {
  return useQuery({
    queryKey: ['shop-status'],
    queryFn: ({ signal }) =>
      api<ShopStatus>('/api/status', { schema: shopStatusSchema, signal, background: true }),
    staleTime: 60_000,
  });
}
