import { Download, Search } from 'lucide-react';
import { useMemo, useState } from 'react';
import { DASHBOARD_PANELS_COLUMNS, exportFileName } from '../../../domain/csv';
import {
  exportSuccessDescription,
  NO_PANELS_SELECTED,
  NO_PANELS_SELECTED_DESCRIPTION,
} from '../../../domain/messages';
import { Button } from '../../ui/button';
import { Input } from '../../ui/input';
import { TableCard } from '../../ui/table-card';
import { panelCsvRows } from '../exports/csv-rows';
import { useCsvExport } from '../exports/use-csv-export';
import { useSelection } from '../shared/use-selection';
import { ActivePanelCards } from './active-panel-cards';
import { ActivePanelsTable } from './active-panels-table';
import { type ActivePanel, revealPasswords } from './dashboard-api';
import { useRevealedPasswords } from './use-revealed-passwords';

/**
 * Delivered panels (spec /dashboard): search by e-mail, select, export the selection as CSV
 * with passwords (fetched for the export and audit-logged), show or hide each password.
 * A table from the sm breakpoint up, cards below it.
 */
export function ActivePanels({ panels }: { panels: readonly ActivePanel[] }) {
  const [query, setQuery] = useState('');
  const needle = query.trim().toLowerCase();
  const visible = useMemo(
    () => panels.filter((p) => p.email.toLowerCase().includes(needle)),
    [panels, needle],
  );
  const allIds = useMemo(() => panels.map((p) => p.id), [panels]);
  const visibleIds = useMemo(() => visible.map((p) => p.id), [visible]);
  const selection = useSelection(allIds, visibleIds);
  const passwords = useRevealedPasswords();
  const csv = useCsvExport();
  const count = selection.ids.length;
  const view = { panels: visible, selection, passwords, query };

  const exportSelected = () =>
    void csv.run({
      selection: panels.filter((p) => selection.has(p.id)),
      nothingSelected: { title: NO_PANELS_SELECTED, description: NO_PANELS_SELECTED_DESCRIPTION },
      headers: DASHBOARD_PANELS_COLUMNS,
      rows: async (chosen) => {
        const ids = chosen.map((p) => p.id);
        return panelCsvRows(chosen, await revealPasswords(ids, 'export'));
      },
      fileName: exportFileName('admin_panels', new Date()),
      successDescription: (n) => exportSuccessDescription(n, 'panels'),
    });

  return (
    <TableCard
      title="Active"
      titleId="active-panels-title"
      level={3}
      description={`${panels.length} ${panels.length === 1 ? 'panel' : 'panels'} ready to use`}
      actions={
        <Button variant="outline" size="sm" onClick={exportSelected} disabled={count === 0 || csv.busy}>
          <Download className="h-4 w-4" aria-hidden="true" />
          Export CSV
        </Button>
      }
      toolbar={
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <div className="relative w-full sm:max-w-xs">
            <Search
              className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
              aria-hidden="true"
            />
            <Input
              type="search"
              value={query}
              onChange={(e) => setQuery(e.target.value)}
              placeholder="Search by email"
              aria-label="Search panels by email"
              className="pl-9"
            />
          </div>
          <p className="text-sm text-slate-600 dark:text-slate-400" aria-live="polite">
            {count > 0 ? `${count} selected` : 'Select panels to export them'}
          </p>
        </div>
      }
    >
      <div className="hidden sm:block">
        <ActivePanelsTable {...view} />
      </div>
      <div className="sm:hidden">
        <ActivePanelCards {...view} />
      </div>
    </TableCard>
  );
}
