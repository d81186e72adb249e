import { useState } from 'react';
import { type AdminPanelSort, DEFAULT_ADMIN_PANEL_SORT } from '../../../domain/admin-panel-sort';
import { ADMIN_PANELS_COLUMNS } from '../../../domain/csv';
import { INVENTORY_FETCH_FAILED } from '../../../domain/messages';
import type { PanelStatus } from '../../../domain/status';
import { useChoice } from '../../lib/use-choice';
import { useCsvExport } from '../../lib/use-csv-export';
import { usePagedList } from '../../lib/use-paged-list';
import { usePagedSelection } from '../../lib/use-paged-selection';
import { useSearchInput } from '../../lib/use-search-input';
import { ListBody, type ListTexts } from '../../ui/list-body';
import { pagerOf } from '../../ui/list-pager';
import { SearchBox } from '../../ui/search-box';
import { SelectFilter } from '../../ui/select-filter';
import { TableCard } from '../../ui/table-card';
import { type AdminPanel, panelsExportPath, panelsQuery, revealPanelPasswords } from '../api/panels-api';
import { InventoryActions } from '../inventory/inventory-actions';
import { RestockDialog } from '../inventory/restock-dialog';
import { ExportButtons } from '../shared/export-buttons';
import { FilterBar } from '../shared/filter-bar';
import { adminPanelCsvRows } from './panel-csv-rows';
import { PANEL_SORT_OPTIONS, PANEL_STATUS_OPTIONS } from './panel-status-options';
import { PanelsList } from './panels-table';
import { useAdminPasswords } from './use-admin-passwords';

/** The exported rows carry each panel's password, revealed for the export (and audit-logged). */
const rowsWithPasswords = async (chosen: readonly AdminPanel[]) => {
  const ids = chosen.map((p) => p.id);
  return adminPanelCsvRows(chosen, await revealPanelPasswords(ids, 'export'));
};

/**
 * Spec /admin Admin Panels table at scale (D11): search by e-mail (debounced, server-side,
 * trigram-indexed), the real status with a filter, a sort done by the server, 10 per page with
 * the pager only above 10 rows, selection and export with 'Max Users', "Export all matching",
 * cards on a phone. The inventory actions (add, import, restock a retired panel) live here,
 * beside the stock.
 */
const TEXTS: ListTexts = {
  loading: 'Loading admin panels',
  failure: INVENTORY_FETCH_FAILED,
  empty: 'No panels in inventory yet.',
  noMatch: 'No panels match these filters.',
};

export function PanelsSection() {
  const search = useSearchInput();
  const status = useChoice<PanelStatus | ''>('');
  const sort = useChoice<AdminPanelSort>(DEFAULT_ADMIN_PANEL_SORT);
  const filter = { search: search.term, status: status.value || undefined };
  const paged = usePagedList({ ...filter, sort: sort.value }, panelsQuery, 'admin-panels-load', TEXTS);
  const { query, data, items } = paged;
  const selection = usePagedSelection(data?.items);
  const passwords = useAdminPasswords();
  const csv = useCsvExport({ kind: 'admin_panels', headers: ADMIN_PANELS_COLUMNS, rows: rowsWithPasswords });
  const [restocking, setRestocking] = useState<AdminPanel | null>(null);

  return (
    <>
      <TableCard
        title="Admin Panels"
        description="All inventory: stock, sold panels with their owners, expired and retired ones."
        actions={
          <>
            <InventoryActions />
            <ExportButtons
              selection={selection}
              csv={csv}
              page={data}
              allHref={panelsExportPath(filter)}
              noun="panel"
            />
          </>
        }
        toolbar={
          <FilterBar selection={{ count: selection.count, noun: 'panel', onClear: selection.clear }}>
            <SearchBox search={search} label="Search panels by email" placeholder="Search by email" />
            <SelectFilter choice={status} options={PANEL_STATUS_OPTIONS} label="Filter panels by status" />
            <SelectFilter choice={sort} options={PANEL_SORT_OPTIONS} label="Sort panels" />
          </FilterBar>
        }
        footer={pagerOf('Admin panels', paged)}
      >
        <ListBody
          query={query}
          rows={items}
          texts={TEXTS}
          filtered={Boolean(filter.search || filter.status)}
          skeletonRows={6}
        >
          <PanelsList panels={items} selection={selection} passwords={passwords} onRestock={setRestocking} />
        </ListBody>
      </TableCard>
      {restocking && <RestockDialog panel={restocking} onClose={() => setRestocking(null)} />}
    </>
  );
}
