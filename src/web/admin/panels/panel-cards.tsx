import { inventoryBadge } from '../../../domain/status';
import { formatDate } from '../../lib/dates';
import type { PagedSelection } from '../../lib/use-paged-selection';
import { EmailText } from '../../ui/email-text';
import { RecordCards } from '../../ui/record-cards';
import { StatusBadge } from '../../ui/status-badge';
import type { AdminPanel } from '../api/panels-api';
import { PanelOwner } from './panel-status';
import { type PanelPasswords, PasswordCell, RestockButton } from './panels-table';

/** The Admin Panels table on a phone (spec: mobile cards), with the same selection. */
export function PanelCards({
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
    <div className="md:hidden">
      <RecordCards
        label="Admin panels"
        selectAll={{
          label: 'Select all panels on this page',
          checked: selection.pageState === 'all',
          indeterminate: selection.pageState === 'some',
          onChange: selection.togglePage,
        }}
        items={panels.map((panel) => ({
          key: panel.id,
          title: <EmailText email={panel.email} />,
          badge: <StatusBadge badge={inventoryBadge(panel.status)} />,
          selectLabel: `Select ${panel.email}`,
          selected: selection.has(panel.id),
          onToggle: () => selection.toggle(panel),
          fields: [
            { label: 'Password', value: <PasswordCell panel={panel} passwords={passwords} />, wide: true },
            ...(panel.owner ? [{ label: 'Owner', value: <PanelOwner panel={panel} />, wide: true }] : []),
            { label: 'Panel ID', value: `#${panel.id}` },
            { label: 'Max Users', value: panel.maxMailboxes.toLocaleString('en-US') },
            { label: 'Purchase Date', value: panel.purchaseDate ? formatDate(panel.purchaseDate) : '—' },
          ],
          action:
            panel.status === 'retired' ? <RestockButton panel={panel} onRestock={onRestock} /> : undefined,
        }))}
      />
    </div>
  );
}
