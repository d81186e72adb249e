import { useQueryClient } from '@tanstack/react-query';
import { billingApi } from '../../../domain/api/billing-endpoints';
import type { PanelBillingChange } from '../../../domain/api/panels';
import { call } from '../../lib/call';
import { BILLING_QUERY_KEY } from './billing-api';
import { DASHBOARD_QUERY_KEY, MY_PANELS_QUERY_KEY } from './dashboard-api';

// Cancel and resume of the customer's own panels (D8, docs/decisions/0017), all or nothing on
// the server; checked against its schema like every answer.

/**
 * Cancels (true) or resumes (false) panels at their period end; the panel lists, the figures
 * and /billing then load again, since all three show it.
 */
export function useChangePanels() {
  const client = useQueryClient();
  return async (panelIds: readonly number[], cancel: boolean): Promise<PanelBillingChange> => {
    const endpoint = cancel ? billingApi.cancelPanels : billingApi.resumePanels;
    const changed = await call(endpoint, { body: { panelIds: [...panelIds] } });
    await Promise.all([
      client.invalidateQueries({ queryKey: MY_PANELS_QUERY_KEY }),
      client.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
      client.invalidateQueries({ queryKey: BILLING_QUERY_KEY }),
    ]);
    return changed;
  };
}
