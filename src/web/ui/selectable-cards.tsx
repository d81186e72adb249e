import type { Identified } from '../lib/paged-selection';
import type { SelectionBoxes } from '../lib/selection-boxes';
import { type RecordCard, RecordCards } from './record-cards';

/** What a card shows of its row; the checkbox comes from the list's selection boxes. */
export type CardContent = Omit<RecordCard, 'key' | 'selectLabel' | 'selected' | 'onToggle'>;

/**
 * RecordCards over rows with ids, checked through the same boxes as the list's table; with no
 * boxes (a role that may do nothing with a selection) the cards have no checkboxes.
 */
export function SelectableCards<T extends Identified>({
  label,
  rows,
  boxes,
  card,
}: {
  label: string;
  rows: readonly T[];
  boxes: SelectionBoxes<T> | null;
  card: (row: T) => CardContent;
}) {
  return (
    <RecordCards
      label={label}
      selectAll={
        boxes && {
          label: boxes.allLabel,
          checked: boxes.allState === 'all',
          indeterminate: boxes.allState === 'some',
          onChange: boxes.toggleAll,
        }
      }
      items={rows.map((row) => ({
        key: row.id,
        ...(boxes && {
          selectLabel: boxes.rowLabel(row),
          selected: boxes.has(row.id),
          onToggle: () => boxes.toggle(row),
        }),
        ...card(row),
      }))}
    />
  );
}
