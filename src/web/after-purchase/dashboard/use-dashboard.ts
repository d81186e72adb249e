import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { DASHBOARD_LOAD_FAILED } from '../../../domain/messages';
import { useBackgroundRefresh } from '../../lib/use-background-refresh';
import { useLoadFailureToast } from '../../lib/use-load-failure-toast';
import {
  DASHBOARD_QUERY_KEY,
  type DashboardData,
  fetchDashboard,
  MY_PANELS_QUERY_KEY,
} from '../api/dashboard-api';
import { panelsOnTheirWay } from './processing-rows';

/** While panels are on their way the dashboard refreshes itself at this pace. */
const DASHBOARD_REFRESH_MS = 15_000;

const stillProcessing = (data: DashboardData | undefined) =>
  data !== undefined && panelsOnTheirWay(data.summary.processing) > 0;

/**
 * The dashboard's data. Panels waiting for stock turn active without a reload: the query polls
 * while anything is processing and stops once nothing is (the last poll brings the delivered
 * panels, since figures, panels and orders are one load).
 */
export function useDashboard() {
  const query = useQuery({
    queryKey: DASHBOARD_QUERY_KEY,
    queryFn: () => fetchDashboard(),
    // Customers land here straight after paying: a copy cached moments earlier would hide the
    // new order, so every visit asks again (showing the cached copy meanwhile).
    refetchOnMount: 'always',
  });
  useBackgroundRefresh(
    DASHBOARD_QUERY_KEY,
    () => fetchDashboard({ background: true }),
    DASHBOARD_REFRESH_MS,
    stillProcessing(query.data),
  );
  useLoadFailureToast(query.isError, query.errorUpdatedAt, 'dashboard-load', DASHBOARD_LOAD_FAILED);
  useRefreshPanelsOnChange(query.data);
  return query;
}

/**
 * The panel lists page themselves (a query per page and search); the figures tell when they
 * changed (a delivery, an expiry, a refund), and then the lists on screen load again, so an
 * order no longer shows as processing beside a list still missing its panels.
 */
function useRefreshPanelsOnChange(data: DashboardData | undefined) {
  const client = useQueryClient();
  const counts = data ? `${data.summary.stats.activePanels}/${data.summary.pastPanels}` : null;
  const seen = useRef(counts);
  useEffect(() => {
    if (counts === null || counts === seen.current) return;
    const first = seen.current === null;
    seen.current = counts;
    if (!first) void client.invalidateQueries({ queryKey: MY_PANELS_QUERY_KEY });
  }, [client, counts]);
}
