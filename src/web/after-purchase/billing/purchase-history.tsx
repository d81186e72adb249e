import { useMemo } from 'react';
import { exportFileName, PURCHASE_HISTORY_COLUMNS } from '../../../domain/csv';
import {
  invoicesExportedDescription,
  NO_INVOICES_SELECTED,
  NO_INVOICES_SELECTED_DESCRIPTION,
  NO_PURCHASE_HISTORY,
} from '../../../domain/messages';
import { useCsvExport } from '../../lib/use-csv-export';
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
  const csv = useCsvExport();
  const count = selection.ids.length;

  const exportSelected = () =>
    void csv.run({
      selection: rows.filter((p) => selection.has(p.id)),
      nothingSelected: { title: NO_INVOICES_SELECTED, description: NO_INVOICES_SELECTED_DESCRIPTION },
      headers: PURCHASE_HISTORY_COLUMNS,
      rows: purchaseHistoryCsvRows,
      fileName: exportFileName('purchase_history', new Date()),
      successDescription: invoicesExportedDescription,
    });

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
      {!history ? (
        <TableSkeleton rows={3} label="Loading your purchase history" />
      ) : rows.length === 0 ? (
        <p className="px-5 py-10 text-center text-sm text-slate-600 sm:px-6 dark:text-slate-400">
          {NO_PURCHASE_HISTORY}
        </p>
      ) : (
        <PurchaseHistoryList payments={rows} selection={selection} />
      )}
    </TableCard>
  );
}
