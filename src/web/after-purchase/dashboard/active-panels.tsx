import { useState } from 'react';
import { DASHBOARD_PANELS_COLUMNS } from '../../../domain/csv';
import { plural } from '../../../domain/format';
import { DASHBOARD_LOAD_FAILED } from '../../../domain/messages';
import { useCsvExport } from '../../lib/use-csv-export';
import { useNow } from '../../lib/use-now';
import { usePagedList } from '../../lib/use-paged-list';
import { usePagedSelection } from '../../lib/use-paged-selection';
import { freeText, useSearchInput } from '../../lib/use-search-input';
import { Button } from '../../ui/button';
import { ExportSelectionButton } from '../../ui/export-selection-button';
import { ListBody, type ListTexts } from '../../ui/list-body';
import { pagerOf } from '../../ui/list-pager';
import { SearchBox } from '../../ui/search-box';
import { SelectionSummary } from '../../ui/selection-summary';
import { TableCard } from '../../ui/table-card';
import { TableOrCards } from '../../ui/table-or-cards';
import { type ActivePanel, activePanelsQuery, revealPasswords } from '../api/dashboard-api';
import { openRequestsByPanel, useMyReplacements } from '../api/replacements-api';
import { panelCsvRows } from '../exports/csv-rows';
import { ActivePanelCards } from './active-panel-cards';
import { ActivePanelsTable } from './active-panels-table';
import { PanelBillingDialog } from './panel-billing-dialog';
import { noMatchText, type PanelBillingMode, panelsFor, usePanelSelectionRights } from './panel-views';
import { useRevealedPasswords } from './use-revealed-passwords';

const TEXTS: ListTexts = {
  loading: 'Loading your admin panels',
  failure: DASHBOARD_LOAD_FAILED,
  empty: 'No active panels right now.',
};

/** The buttons that act on the selection, in their order. */
const SELECTION_ACTIONS: readonly (readonly [PanelBillingMode, string])[] = [
  ['cancel', 'Cancel selected'],
  ['resume', 'Resume selected'],
];

/** The table's order, the server's: newest purchase first, then by id (ISO dates sort as text). */
const tableOrder = (a: ActivePanel, b: ActivePanel) =>
  (b.purchaseDate ?? '').localeCompare(a.purchaseDate ?? '') || a.id - b.id;

/** What a selection is for, as the list says it, by what the role may do with one. */
function selectionActions(manage: boolean, exportWithPasswords: boolean): string | null {
  if (manage && exportWithPasswords) return 'cancel, resume or export';
  if (manage) return 'cancel or resume';
  return exportWithPasswords ? 'export' : null;
}

/** The exported rows carry each panel's password, revealed for the export (and audit-logged). */
const rowsWithPasswords = async (chosen: readonly ActivePanel[]) => {
  const ids = chosen.map((p) => p.id);
  return panelCsvRows(chosen, await revealPasswords(ids, 'export'));
};

/**
 * Delivered panels (spec /dashboard) for a customer with a few or with hundreds: the server
 * pages them (10 a page, the documented pager window) and searches their e-mails (any part, any
 * case). The selection is kept across pages and searches, and 'Export CSV' writes the selected
 * rows with their passwords (fetched for the export and audit-logged). Show or hide each
 * password. A table from the sm breakpoint up, cards below it. Cancel and resume are for the
 * roles that manage billing, passwords and the export that carries them for those that may see
 * them.
 */
export function ActivePanels({ total }: { total: number }) {
  const { manage: canManage, exportWithPasswords: canExport } = usePanelSelectionRights();
  const actions = selectionActions(canManage, canExport);
  const search = useSearchInput(freeText);
  const paged = usePagedList({ search: search.term }, activePanelsQuery, 'dashboard-panels-load', TEXTS);
  const { query, data, items } = paged;
  const selection = usePagedSelection(data?.items);
  const passwords = useRevealedPasswords();
  const csv = useCsvExport({
    kind: 'admin_panels',
    headers: DASHBOARD_PANELS_COLUMNS,
    rows: rowsWithPasswords,
  });

  const replacements = useMyReplacements();
  const now = useNow(60_000);
  // One confirmation for a row's action and the selection's: opened here, outside the table.
  const [asking, setAsking] = useState<{
    mode: PanelBillingMode;
    panels: readonly ActivePanel[];
    fromSelection: boolean;
  } | null>(null);
  const view = {
    panels: items,
    selection,
    passwords,
    openRequests: openRequestsByPanel(replacements.data?.requests),
    onAsk: (mode: PanelBillingMode, panels: readonly ActivePanel[]) =>
      setAsking({ mode, panels, fromSelection: false }),
    now,
  };
  const selected = selection.rows().sort(tableOrder);
  const askSelection = (mode: PanelBillingMode) =>
    setAsking({ mode, panels: panelsFor(mode, selected, now), fromSelection: true });
  return (
    <TableCard
      title="Active"
      level={3}
      description={`${plural(total, 'panel')} ready to use`}
      actions={
        <>
          {canManage &&
            SELECTION_ACTIONS.map(([mode, label]) => (
              <Button
                key={mode}
                variant="outline"
                size="sm"
                disabled={panelsFor(mode, selected, now).length === 0}
                onClick={() => askSelection(mode)}
              >
                {label}
              </Button>
            ))}
          {canExport && (
            <ExportSelectionButton
              selectedCount={selection.count}
              busy={csv.busy}
              onClick={() => void csv.run(selected)}
            />
          )}
        </>
      }
      toolbar={
        <div className="space-y-3">
          <SearchBox search={search} label="Search panels by email" placeholder="Search by email" />
          {actions && (
            <SelectionSummary
              count={selection.count}
              noun="panel"
              onClear={selection.clear}
              actions={actions}
            />
          )}
        </div>
      }
      footer={pagerOf('Active panels', paged)}
    >
      <ListBody
        query={query}
        rows={items}
        texts={search.term ? { ...TEXTS, empty: noMatchText(search.term) } : TEXTS}
        skeletonRows={4}
      >
        <TableOrCards
          from="wide"
          table={<ActivePanelsTable {...view} />}
          cards={<ActivePanelCards {...view} />}
        />
      </ListBody>
      {asking && (
        <PanelBillingDialog
          mode={asking.mode}
          panels={asking.panels}
          onClose={() => setAsking(null)}
          {...(asking.fromSelection ? { onDone: selection.clear } : {})}
        />
      )}
    </TableCard>
  );
}
