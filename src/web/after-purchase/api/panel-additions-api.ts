import { billingApi } from '../../../domain/api/billing-endpoints';
import { call } from '../../lib/call';

// Panels asked for on a bank transfer or crypto subscription, waiting for their payment (D8).

export type { PayablePanelAddition } from '../../../domain/api/panel-additions';

export const PANEL_ADDITIONS_QUERY_KEY = ['me', 'panel-additions'] as const;

export const panelAdditionsQuery = () => ({
  queryKey: PANEL_ADDITIONS_QUERY_KEY,
  queryFn: async () => (await call(billingApi.panelAdditions)).additions,
});
