import type { ButtonHTMLAttributes } from 'react';
import { cn } from './cn';

/** For actions that cannot be undone (deleting an account); red so it is never mistaken for a routine button. */
export function DangerButton({
  className,
  type = 'button',
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button
      type={type}
      className={cn(
        'inline-flex h-10 items-center justify-center gap-2 rounded-lg bg-red-600 px-4 text-sm font-semibold whitespace-nowrap text-white shadow-sm transition-colors hover:bg-red-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-600 disabled:pointer-events-none disabled:opacity-60',
        className,
      )}
      {...props}
    />
  );
}
