import { inventoryBadge } from '../../../domain/status';
import { formatDate } from '../../lib/dates';
import { EmailText } from '../../ui/email-text';
import { RevealablePassword } from '../../ui/panel-password-cell';
import { SelectableCards } from '../../ui/selectable-cards';
import { StatusBadge } from '../../ui/status-badge';
import { PanelOwner } from './panel-status';
import { type PanelListProps, panelBoxes, RestockButton } from './panels-table';

/** The Admin Panels table on a phone (spec: mobile cards), with the same selection. */
export function PanelCards({ panels, selection, passwords, onRestock }: PanelListProps) {
  return (
    <div className="md:hidden">
      <SelectableCards
        label="Admin panels"
        rows={panels}
        boxes={panelBoxes(selection)}
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
    </div>
  );
}
