import { type ReactNode, useId } from 'react';
import { Checkbox } from './checkbox';
import { cn } from './cn';

export interface RecordField {
  label: string;
  value: ReactNode;
  /** Takes the whole width of the card (long values, controls). */
  wide?: boolean;
}

export interface RecordCard {
  key: string | number;
  title: ReactNode;
  /** Top right, beside the title: a status. */
  badge?: ReactNode;
  fields: readonly RecordField[];
  /** Accessible name of the card's checkbox ("Select order #12"); cards without selection have none. */
  selectLabel?: string;
  selected?: boolean;
  onToggle?: () => void;
  /** Bottom of the card: a link or button for this record. */
  action?: ReactNode;
}

const term = 'text-xs font-medium tracking-wide text-slate-500 uppercase dark:text-slate-400';

/**
 * A selectable table's rows as cards, for phones: a row of five or six columns does not fit
 * 375 pixels, and scrolling sideways to reach a status or a button is easy to miss. Same
 * records, same selection (a select-all box on top), one card each. Without selectAll the
 * cards have no checkboxes: for a role that may do nothing with a selection.
 */
export function RecordCards({
  label,
  items,
  selectAll,
}: {
  label: string;
  items: readonly RecordCard[];
  selectAll: { label: string; checked: boolean; indeterminate: boolean; onChange: () => void } | null;
}) {
  const selectAllId = useId();
  return (
    <div>
      {selectAll && (
        <label
          htmlFor={selectAllId}
          className="flex items-center gap-3 border-b border-slate-200 bg-slate-50 px-5 py-3 text-sm font-medium text-slate-700 dark:border-slate-800 dark:bg-slate-900/60 dark:text-slate-300"
        >
          <Checkbox
            id={selectAllId}
            checked={selectAll.checked}
            indeterminate={selectAll.indeterminate}
            disabled={items.length === 0}
            onChange={selectAll.onChange}
          />
          {selectAll.label}
        </label>
      )}
      <ul aria-label={label} className="divide-y divide-slate-200 dark:divide-slate-800">
        {items.map((item) => (
          <li
            key={item.key}
            className={cn('space-y-3 px-5 py-4', item.selected && 'bg-brand-50/70 dark:bg-indigo-950/30')}
          >
            <div className="flex items-start gap-3">
              {selectAll && (
                <Checkbox
                  aria-label={item.selectLabel}
                  checked={item.selected}
                  onChange={item.onToggle}
                  className="mt-0.5"
                />
              )}
              <div className="min-w-0 flex-1 text-sm font-medium text-slate-900 dark:text-white">
                {item.title}
              </div>
              {item.badge}
            </div>
            <dl
              className={cn(
                'grid grid-cols-2 gap-x-4 gap-y-2 text-sm text-slate-700 dark:text-slate-300',
                selectAll && 'pl-7',
              )}
            >
              {item.fields.map((field) => (
                <div key={field.label} className={field.wide ? 'col-span-2' : undefined}>
                  <dt className={term}>{field.label}</dt>
                  <dd className="mt-0.5">{field.value}</dd>
                </div>
              ))}
            </dl>
            {item.action && <div className={selectAll ? 'pl-7' : undefined}>{item.action}</div>}
          </li>
        ))}
      </ul>
    </div>
  );
}
