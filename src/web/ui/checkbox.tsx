import { type InputHTMLAttributes, useEffect, useRef } from 'react';
import { cn } from './cn';

interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  /** "Some but not all": shown as a dash, read out as "mixed" (a select-all box over a partial selection). */
  indeterminate?: boolean;
}

/**
 * A native checkbox (keyboard, forms and screen readers work as they should), drawn in the brand
 * colour by styles.css (.ui-checkbox) so it reads as enabled in both themes.
 * `indeterminate` exists only as a DOM property, so it is set through a ref.
 */
export function Checkbox({ indeterminate = false, className, ...props }: CheckboxProps) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className={cn(
        'ui-checkbox h-4 w-4 shrink-0 cursor-pointer focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-50',
        className,
      )}
      {...props}
    />
  );
}
