import { RotateCcw } from 'lucide-react';
import { inventoryBadge } from '../../../domain/status';
import { formatDate } from '../../lib/dates';
import { pagedBoxes } from '../../lib/selection-boxes';
import type { PagedSelection } from '../../lib/use-paged-selection';
import { numberColumn } from '../../ui/column-kinds';
import { EmailText } from '../../ui/email-text';
import { RevealablePassword } from '../../ui/panel-password-cell';
import { SelectableList } from '../../ui/selectable-list';
import { StatusBadge } from '../../ui/status-badge';
import type { AdminPanel } from '../api/panels-api';
import { PanelOwner, PanelStatus } from './panel-status';
import type { useAdminPasswords } from './use-admin-passwords';

type PanelPasswords = ReturnType<typeof useAdminPasswords>;

/** The checkboxes of the Admin Panels list, the same on the table and on the phone cards. */
const panelBoxes = (selection: PagedSelection<AdminPanel>) =>
  pagedBoxes(selection, { all: 'Select all panels on this page', row: (panel) => `Select ${panel.email}` });

function RestockButton({ panel, onRestock }: { panel: AdminPanel; onRestock: (panel: AdminPanel) => void }) {
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

/** The page of panels on screen, the selection kept across pages, revealed passwords, and the restock action. */
interface PanelListProps {
  panels: readonly AdminPanel[];
  selection: PagedSelection<AdminPanel>;
  passwords: PanelPasswords;
  onRestock: (panel: AdminPanel) => void;
}

/** The Admin Panels table from md up, and the same rows and selection as cards on a phone (spec: mobile cards). */
export function PanelsList({ panels, selection, passwords, onRestock }: PanelListProps) {
  return (
    <SelectableList
      from="wide"
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
              <div className="text-xs text-slate-500 tabular-nums dark:text-slate-400">Panel #{panel.id}</div>
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
        { ...numberColumn('Max Users'), cell: (panel) => panel.maxMailboxes.toLocaleString('en-US') },
      ]}
      card={(panel) => ({
        title: <EmailText email={panel.email} />,
        badge: <StatusBadge badge={inventoryBadge(panel.status)} />,
        fields: [
          {
            label: 'Password',
            value: <RevealablePassword panel={panel} passwords={passwords} />,
            wide: true,
          },
          ...(panel.owner ? [{ label: 'Owner', value: <PanelOwner panel={panel} />, wide: true }] : []),
          { label: 'Panel ID', value: `#${panel.id}` },
          { label: 'Max Users', value: panel.maxMailboxes.toLocaleString('en-US') },
          { label: 'Purchase Date', value: panel.purchaseDate ? formatDate(panel.purchaseDate) : '—' },
        ],
        action:
          panel.status === 'retired' ? <RestockButton panel={panel} onRestock={onRestock} /> : undefined,
      })}
    />
  );
}
