import type { ReactNode } from 'react';

/**
 * One option of a radio group drawn as a card: the whole card is the click target and the
 * native radio comes first, so the keyboard and screen readers treat it as the radio it is.
 * Each group sizes the card and the radio to what it holds (a plan, a payment method, a
 * one-line reason), hence the classes from the caller.
 */
export function RadioCard({
  name,
  value,
  checked,
  disabled,
  onSelect,
  label,
  describedBy,
  invalid,
  className,
  radioClassName,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  disabled?: boolean;
  onSelect: () => void;
  /** The option's accessible name, when its visible text says more than the name. */
  label?: string;
  describedBy?: string;
  invalid?: boolean;
  className: string;
  radioClassName: string;
  children: ReactNode;
}) {
  return (
    <label className={className}>
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        disabled={disabled}
        onChange={onSelect}
        aria-label={label}
        aria-describedby={describedBy}
        aria-invalid={invalid ? true : undefined}
        className={radioClassName}
      />
      {children}
    </label>
  );
}
