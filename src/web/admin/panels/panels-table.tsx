import { RotateCcw } from 'lucide-react';
import { formatDate } from '../../lib/dates';
import { pagedBoxes } from '../../lib/selection-boxes';
import type { PagedSelection } from '../../lib/use-paged-selection';
import { EmailText } from '../../ui/email-text';
import { RevealablePassword } from '../../ui/panel-password-cell';
import { SelectableTable } from '../../ui/selectable-table';
import type { AdminPanel } from '../api/panels-api';
import { PanelStatus } from './panel-status';
import type { useAdminPasswords } from './use-admin-passwords';

export type PanelPasswords = ReturnType<typeof useAdminPasswords>;

/** The checkboxes of the Admin Panels list, the same on the table and on the phone cards. */
export const panelBoxes = (selection: PagedSelection<AdminPanel>) =>
  pagedBoxes(selection, { all: 'Select all panels on this page', row: (panel) => `Select ${panel.email}` });

export function RestockButton({
  panel,
  onRestock,
}: {
  panel: AdminPanel;
  onRestock: (panel: AdminPanel) => void;
}) {
  return (
    <button
      type="button"
      onClick={() => onRestock(panel)}
      aria-label={`Restock ${panel.email}`}
      className="-ml-2.5 inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-sm font-medium whitespace-nowrap text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-indigo-300 dark:hover:bg-slate-800"
    >
      <RotateCcw className="h-4 w-4" aria-hidden="true" />
      Restock
    </button>
  );
}

/** What the Admin Panels table (md and up) and its phone cards both receive. */
export interface PanelListProps {
  panels: readonly AdminPanel[];
  selection: PagedSelection<AdminPanel>;
  passwords: PanelPasswords;
  onRestock: (panel: AdminPanel) => void;
}

/** Desktop rows of the Admin Panels table (md and up; phones get cards). */
export function PanelsTable({ panels, selection, passwords, onRestock }: PanelListProps) {
  return (
    <div className="hidden md:block">
      <SelectableTable
        label="Admin panels"
        minWidth="min-w-[44rem]"
        rows={panels}
        boxes={panelBoxes(selection)}
        columns={[
          {
            header: 'Email',
            className: 'min-w-72',
            cell: (panel) => (
              <>
                <div className="font-medium text-slate-900 dark:text-white">
                  <EmailText email={panel.email} />
                </div>
                <div className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
                  Panel #{panel.id}
                </div>
              </>
            ),
          },
          { header: 'Password', cell: (panel) => <RevealablePassword panel={panel} passwords={passwords} /> },
          {
            header: 'Status',
            className: 'min-w-52',
            cell: (panel) => (
              <>
                <PanelStatus panel={panel} />
                {panel.purchaseDate && (
                  <div className="text-xs text-slate-500 dark:text-slate-400">
                    Purchased {formatDate(panel.purchaseDate)}
                  </div>
                )}
                {panel.status === 'retired' && <RestockButton panel={panel} onRestock={onRestock} />}
              </>
            ),
          },
          {
            header: 'Max Users',
            headClassName: 'text-right',
            className: 'text-right tabular-nums',
            cell: (panel) => panel.maxMailboxes.toLocaleString('en-US'),
          },
        ]}
      />
    </div>
  );
}
