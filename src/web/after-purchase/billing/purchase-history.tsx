import { useMemo } from 'react';
import { PURCHASE_HISTORY_COLUMNS } from '../../../domain/csv';
import { NO_PURCHASE_HISTORY } from '../../../domain/messages';
import { useCsvExport } from '../../lib/use-csv-export';
import { EmptyList } from '../../ui/empty-list';
import { ExportSelectionButton } from '../../ui/export-selection-button';
import { TableCard } from '../../ui/table-card';
import { TableSkeleton } from '../../ui/table-skeleton';
import { purchaseHistoryCsvRows } from '../exports/csv-rows';
import { ViewAllOrdersLink } from '../shared/page-links';
import { useSelection } from '../shared/use-selection';
import type { PaymentRecord } from './billing-api';
import { PurchaseHistoryList } from './purchase-history-list';

/**
 * Spec "Purchase History": one row per payment (= one invoice), select-all and CSV export,
 * and each invoice as a PDF. A failed or refunded charge says so rather than "processing".
 */
export function PurchaseHistory({ history }: { history: readonly PaymentRecord[] | undefined }) {
  const rows = history ?? [];
  const ids = useMemo(() => rows.map((p) => p.id), [rows]);
  const selection = useSelection(ids, ids);
  const csv = useCsvExport({
    kind: 'purchase_history',
    headers: PURCHASE_HISTORY_COLUMNS,
    rows: purchaseHistoryCsvRows,
  });
  const count = selection.ids.length;

  return (
    <TableCard
      title="Purchase History"
      description="Every payment, with its invoice."
      footer={<ViewAllOrdersLink />}
      actions={
        rows.length > 0 && (
          <ExportSelectionButton
            selectedCount={count}
            busy={csv.busy}
            onClick={() => void csv.run(rows.filter((p) => selection.has(p.id)))}
          />
        )
      }
    >
      {!history ? (
        <TableSkeleton rows={3} label="Loading your purchase history" />
      ) : rows.length === 0 ? (
        <EmptyList>{NO_PURCHASE_HISTORY}</EmptyList>
      ) : (
        <PurchaseHistoryList payments={rows} selection={selection} />
      )}
    </TableCard>
  );
}
