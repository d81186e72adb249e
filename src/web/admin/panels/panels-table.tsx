import { RotateCcw } from 'lucide-react';
import { formatDate } from '../../lib/dates';
import type { PagedSelection } from '../../lib/use-paged-selection';
import { Checkbox } from '../../ui/checkbox';
import { Cell, DataTable, HeadCell, rowClasses } from '../../ui/data-table';
import { EmailText } from '../../ui/email-text';
import { PanelPasswordCell } from '../../ui/panel-password-cell';
import type { AdminPanel } from '../api/panels-api';
import { PanelStatus } from './panel-status';
import type { useAdminPasswords } from './use-admin-passwords';

export type PanelPasswords = ReturnType<typeof useAdminPasswords>;

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

export function PasswordCell({ panel, passwords }: { panel: AdminPanel; passwords: PanelPasswords }) {
  return (
    <PanelPasswordCell
      email={panel.email}
      password={passwords.passwordOf(panel.id)}
      loading={passwords.isLoading(panel.id)}
      onToggle={() => passwords.toggle(panel.id)}
    />
  );
}

/** Desktop rows of the Admin Panels table (md and up; phones get cards). */
export function PanelsTable({
  panels,
  selection,
  passwords,
  onRestock,
}: {
  panels: readonly AdminPanel[];
  selection: PagedSelection<AdminPanel>;
  passwords: PanelPasswords;
  onRestock: (panel: AdminPanel) => void;
}) {
  return (
    <div className="hidden md:block">
      <DataTable label="Admin panels" minWidth="min-w-[44rem]">
        <thead>
          <tr>
            <HeadCell className="w-12">
              <Checkbox
                aria-label="Select all panels on this page"
                checked={selection.pageState === 'all'}
                indeterminate={selection.pageState === 'some'}
                onChange={selection.togglePage}
              />
            </HeadCell>
            <HeadCell>Email</HeadCell>
            <HeadCell>Password</HeadCell>
            <HeadCell>Status</HeadCell>
            <HeadCell className="text-right">Max Users</HeadCell>
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
                <Cell className="min-w-72">
                  <div className="font-medium text-slate-900 dark:text-white">
                    <EmailText email={panel.email} />
                  </div>
                  <div className="text-xs text-slate-500 tabular-nums dark:text-slate-400">
                    Panel #{panel.id}
                  </div>
                </Cell>
                <Cell>
                  <PasswordCell panel={panel} passwords={passwords} />
                </Cell>
                <Cell className="min-w-52">
                  <PanelStatus panel={panel} />
                  {panel.purchaseDate && (
                    <div className="text-xs text-slate-500 dark:text-slate-400">
                      Purchased {formatDate(panel.purchaseDate)}
                    </div>
                  )}
                  {panel.status === 'retired' && <RestockButton panel={panel} onRestock={onRestock} />}
                </Cell>
                <Cell className="text-right tabular-nums">{panel.maxMailboxes.toLocaleString('en-US')}</Cell>
              </tr>
            );
          })}
        </tbody>
      </DataTable>
    </div>
  );
}
