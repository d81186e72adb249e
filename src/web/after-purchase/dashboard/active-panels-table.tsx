import { panelBadge } from '../../../domain/status';
import { formatDate } from '../../lib/dates';
import { Checkbox } from '../../ui/checkbox';
import { Cell, DataTable, HeadCell, rowClasses } from '../../ui/data-table';
import { PanelPasswordCell } from '../../ui/panel-password-cell';
import { StatusBadge } from '../../ui/status-badge';
import { PanelCapacity } from './panel-capacity';
import type { PanelViewProps } from './panel-views';

/** Active panels as a table (from the sm breakpoint up). */
export function ActivePanelsTable({ panels, selection, passwords }: PanelViewProps) {
  return (
    <DataTable label="Active admin panels" minWidth="min-w-[46rem]">
      <thead>
        <tr>
          <HeadCell className="w-12">
            <Checkbox
              aria-label="Select all panels on this page"
              checked={selection.pageState === 'all'}
              indeterminate={selection.pageState === 'some'}
              disabled={panels.length === 0}
              onChange={selection.togglePage}
            />
          </HeadCell>
          <HeadCell>Email</HeadCell>
          <HeadCell>Password</HeadCell>
          <HeadCell>Purchase Date</HeadCell>
          <HeadCell>Status</HeadCell>
          <HeadCell>Capacity</HeadCell>
        </tr>
      </thead>
      <tbody>
        {panels.map((panel) => {
          const selected = selection.has(panel.id);
          return (
            <tr key={panel.id} className={rowClasses(selected)}>
              <Cell>
                <Checkbox
                  aria-label={`Select ${panel.email}`}
                  checked={selected}
                  onChange={() => selection.toggle(panel)}
                />
              </Cell>
              <Cell className="font-medium whitespace-nowrap text-slate-900 dark:text-white">
                {panel.email}
              </Cell>
              <Cell>
                <PanelPasswordCell
                  email={panel.email}
                  password={passwords.passwordOf(panel.id)}
                  loading={passwords.isLoading(panel.id)}
                  onToggle={() => passwords.toggle(panel.id)}
                />
              </Cell>
              <Cell className="whitespace-nowrap">
                {panel.purchaseDate ? formatDate(panel.purchaseDate) : '—'}
              </Cell>
              <Cell>
                <StatusBadge badge={panelBadge(panel.status)} />
              </Cell>
              <Cell>
                <PanelCapacity panel={panel} />
              </Cell>
            </tr>
          );
        })}
      </tbody>
    </DataTable>
  );
}
