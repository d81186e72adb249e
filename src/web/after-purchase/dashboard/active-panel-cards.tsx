import { panelBadge } from '../../../domain/status';
import { EmailText } from '../../ui/email-text';
import { RecordCards } from '../../ui/record-cards';
import { StatusBadge } from '../../ui/status-badge';
import { formatDate } from '../shared/dates';
import { PanelCapacity } from './panel-capacity';
import { PanelPasswordCell } from './panel-password-cell';
import { noMatchText, type PanelViewProps } from './panel-views';

/** Active panels as cards on a phone: same data, selection and show/hide as the table. */
export function ActivePanelCards({ panels, selection, passwords, query }: PanelViewProps) {
  return (
    <>
      <RecordCards
        label="Active admin panels"
        selectAll={{
          label: 'Select all panels',
          checked: selection.allState === 'all',
          indeterminate: selection.allState === 'some',
          onChange: selection.toggleAll,
        }}
        items={panels.map((panel) => ({
          key: panel.id,
          title: <EmailText email={panel.email} />,
          badge: <StatusBadge badge={panelBadge(panel.status)} />,
          selectLabel: `Select ${panel.email}`,
          selected: selection.has(panel.id),
          onToggle: () => selection.toggle(panel.id),
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
      {panels.length === 0 && (
        <p className="px-5 py-8 text-center text-sm text-slate-500 dark:text-slate-400">
          {noMatchText(query)}
        </p>
      )}
    </>
  );
}
