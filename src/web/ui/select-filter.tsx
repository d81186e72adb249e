import { ChevronDown } from 'lucide-react';
import { cn } from './cn';
import { fieldControlClasses } from './input';
import { SelectOptions } from './select-options';

export interface SelectOption<T extends string> {
  value: T;
  label: string;
}

/** A filter's option; the empty value is its 'All ...' choice. */
export type FilterOption<T extends string> = SelectOption<T | ''>;

/** A native select (keyboard and screen readers for free) styled like the other fields. */
export function SelectFilter<T extends string>({
  choice,
  options,
  label,
  className,
}: {
  /** What is chosen and how to change it (useChoice). */
  choice: { value: T; onChange: (value: T) => void };
  options: readonly SelectOption<T>[];
  /** The accessible name ('Filter panels by status'). */
  label: string;
  className?: string;
}) {
  return (
    <div className={cn('relative w-full sm:w-48', className)}>
      <select
        value={choice.value}
        // The select offers only the options' values.
        onChange={(e) => choice.onChange(e.target.value as T)}
        aria-label={label}
        className={cn(fieldControlClasses, 'cursor-pointer appearance-none pr-9')}
      >
        <SelectOptions options={options} />
      </select>
      <ChevronDown
        className="pointer-events-none absolute top-1/2 right-3 h-4 w-4 -translate-y-1/2 text-slate-500 dark:text-slate-400"
        aria-hidden="true"
      />
    </div>
  );
}
