import { panelBadge } from '../../../domain/status';
import { formatDate } from '../../lib/dates';
import { RevealablePassword } from '../../ui/panel-password-cell';
import { SelectableTable } from '../../ui/selectable-table';
import { StatusBadge } from '../../ui/status-badge';
import { PanelReplacement } from '../replacements/panel-replacement';
import { PanelCapacity } from './panel-capacity';
import { PanelRenewal } from './panel-renewal';
import { type PanelViewProps, useActivePanelBoxes } from './panel-views';

/** Active panels as a table (from the sm breakpoint up). */
export function ActivePanelsTable({
  panels,
  selection,
  passwords,
  openRequests,
  onAsk,
  now,
}: PanelViewProps) {
  const boxes = useActivePanelBoxes(selection);
  return (
    <SelectableTable
      label="Active admin panels"
      minWidth="min-w-[46rem]"
      rows={panels}
      boxes={boxes}
      disableSelectAllWhenEmpty
      columns={[
        {
          header: 'Email',
          // A long address breaks rather than push Capacity past the card's edge on a laptop.
          className: 'font-medium [overflow-wrap:anywhere] text-slate-900 dark:text-white',
          cell: (panel) => panel.email,
        },
        { header: 'Password', cell: (panel) => <RevealablePassword panel={panel} passwords={passwords} /> },
        {
          header: 'Purchase Date',
          className: 'whitespace-nowrap',
          cell: (panel) => (panel.purchaseDate ? formatDate(panel.purchaseDate) : '—'),
        },
        {
          header: 'Status',
          // The renewal and the report action sit under the badge: columns of their own would
          // push the table past the card's width on a laptop.
          cell: (panel) => (
            <div className="flex flex-col items-start gap-1.5">
              <StatusBadge badge={panelBadge(panel.status)} />
              <PanelRenewal panel={panel} now={now} onAsk={onAsk} />
              <PanelReplacement panel={panel} open={openRequests.get(panel.id)} />
            </div>
          ),
        },
        { header: 'Capacity', cell: (panel) => <PanelCapacity panel={panel} /> },
      ]}
    />
  );
}
