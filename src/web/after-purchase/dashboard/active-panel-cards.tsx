import { panelBadge } from '../../../domain/status';
import { formatDate } from '../../lib/dates';
import { EmailText } from '../../ui/email-text';
import { RevealablePassword } from '../../ui/panel-password-cell';
import { SelectableCards } from '../../ui/selectable-cards';
import { StatusBadge } from '../../ui/status-badge';
import { PanelReplacement } from '../replacements/panel-replacement';
import { PanelCapacity } from './panel-capacity';
import { PanelRenewal } from './panel-renewal';
import { type PanelViewProps, useActivePanelBoxes } from './panel-views';

/** Active panels as cards on a phone: same data, selection and show/hide as the table. */
export function ActivePanelCards({ panels, selection, passwords, openRequests, onAsk, now }: PanelViewProps) {
  const boxes = useActivePanelBoxes(selection);
  return (
    <SelectableCards
      label="Active admin panels"
      rows={panels}
      boxes={boxes}
      card={(panel) => ({
        title: <EmailText email={panel.email} />,
        badge: <StatusBadge badge={panelBadge(panel.status)} />,
        fields: [
          {
            label: 'Password',
            wide: true,
            value: <RevealablePassword panel={panel} passwords={passwords} />,
          },
          { label: 'Purchase Date', value: panel.purchaseDate ? formatDate(panel.purchaseDate) : '—' },
          { label: 'Renewal', value: <PanelRenewal panel={panel} now={now} onAsk={onAsk} /> },
          { label: 'Capacity', value: <PanelCapacity panel={panel} /> },
        ],
        action: <PanelReplacement panel={panel} open={openRequests.get(panel.id)} />,
      })}
    />
  );
}
