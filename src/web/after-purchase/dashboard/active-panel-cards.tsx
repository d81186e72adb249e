import { panelBadge } from '../../../domain/status';
import { formatDate } from '../../lib/dates';
import { EmailText } from '../../ui/email-text';
import { PanelPasswordCell } from '../../ui/panel-password-cell';
import { RecordCards } from '../../ui/record-cards';
import { StatusBadge } from '../../ui/status-badge';
import { PanelCapacity } from './panel-capacity';
import type { PanelViewProps } from './panel-views';

/** Active panels as cards on a phone: same data, selection and show/hide as the table. */
export function ActivePanelCards({ panels, selection, passwords }: PanelViewProps) {
  return (
    <RecordCards
      label="Active admin panels"
      selectAll={{
        label: 'Select all panels on this page',
        checked: selection.pageState === 'all',
        indeterminate: selection.pageState === 'some',
        onChange: selection.togglePage,
      }}
      items={panels.map((panel) => ({
        key: panel.id,
        title: <EmailText email={panel.email} />,
        badge: <StatusBadge badge={panelBadge(panel.status)} />,
        selectLabel: `Select ${panel.email}`,
        selected: selection.has(panel.id),
        onToggle: () => selection.toggle(panel),
        fields: [
          {
            label: 'Password',
            wide: true,
            value: (
              <PanelPasswordCell
                email={panel.email}
                password={passwords.passwordOf(panel.id)}
                loading={passwords.isLoading(panel.id)}
                onToggle={() => passwords.toggle(panel.id)}
              />
            ),
          },
          { label: 'Purchase Date', value: panel.purchaseDate ? formatDate(panel.purchaseDate) : '—' },
          { label: 'Capacity', value: <PanelCapacity panel={panel} /> },
        ],
      }))}
    />
  );
}
