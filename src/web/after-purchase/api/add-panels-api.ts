import { useQueryClient } from '@tanstack/react-query';
import type { AddedPanels, AddPanelsQuoteView } from '../../../domain/api/add-panels';
import { billingApi } from '../../../domain/api/billing-endpoints';
import { call } from '../../lib/call';
import { BILLING_QUERY_KEY } from './billing-api';
import { DASHBOARD_QUERY_KEY, MY_PANELS_QUERY_KEY } from './dashboard-api';
import { PANEL_ADDITIONS_QUERY_KEY } from './panel-additions-api';

// Panels joining a subscription's renewal date (D8): the server prices them, the page shows its quote.

export type { AddedPanels, AddPanelsQuoteView } from '../../../domain/api/add-panels';

/** The server's price of `panels` panels joining the order now; refusals carry the reason. */
export function addPanelsQuoteQuery(orderId: number, panels: number) {
  return {
    queryKey: ['me', 'add-panels', orderId, panels] as const,
    queryFn: (): Promise<AddPanelsQuoteView> =>
      call(billingApi.addPanelsQuote, { params: { orderId }, query: { panels } }),
    retry: false,
    staleTime: 30_000,
  };
}

/**
 * Buys the panels at the quoted price (the server refuses, charging nothing, if the price moved),
 * or for bank transfer and crypto asks for their invoice; the panel lists, the figures and
 * /billing then load again, since all show them.
 */
export function useAddPanels() {
  const client = useQueryClient();
  return async (orderId: number, panels: number, quotedCents: number): Promise<AddedPanels> => {
    const added = await call(billingApi.addPanels, { params: { orderId }, body: { panels, quotedCents } });
    await Promise.all([
      client.invalidateQueries({ queryKey: MY_PANELS_QUERY_KEY }),
      client.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
      client.invalidateQueries({ queryKey: BILLING_QUERY_KEY }),
      client.invalidateQueries({ queryKey: PANEL_ADDITIONS_QUERY_KEY }),
    ]);
    return added;
  };
}
