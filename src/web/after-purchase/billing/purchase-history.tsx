import { useMemo } from 'react';
import { PURCHASE_HISTORY_COLUMNS } from '../../../domain/csv';
import { NO_PURCHASE_HISTORY } from '../../../domain/messages';
import { useCsvExport } from '../../lib/use-csv-export';
import { ExportSelectionButton } from '../../ui/export-selection-button';
import { StaticListBody } from '../../ui/static-list-body';
import { TableCard } from '../../ui/table-card';
import type { PaymentRecord } from '../api/billing-api';
import { purchaseHistoryCsvRows } from '../exports/csv-rows';
import { ViewAllOrdersLink } from '../shared/page-links';
import { useSelection } from '../shared/use-selection';
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
  const exportSelected = () => void csv.run(rows.filter((p) => selection.has(p.id)));

  return (
    <TableCard
      title="Purchase History"
      description="Every payment, with its invoice."
      footer={<ViewAllOrdersLink />}
      actions={
        rows.length > 0 && (
          <ExportSelectionButton selectedCount={count} busy={csv.busy} onClick={exportSelected} />
        )
      }
    >
      <StaticListBody rows={history} loading="Loading your purchase history" empty={NO_PURCHASE_HISTORY}>
        <PurchaseHistoryList payments={rows} selection={selection} />
      </StaticListBody>
    </TableCard>
  );
}
