import { LoaderCircle } from 'lucide-react';
import { cn } from './cn';

/** A spinning indicator; `label` is read by screen readers, the icon itself is decorative. */
function Spinner({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <span role="status" className="inline-flex items-center">
      <LoaderCircle className={cn('h-5 w-5 animate-spin', className)} aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Centred spinner for a whole screen or section that is still loading. */
export function LoadingScreen({ label = 'Loading', className }: { label?: string; className?: string }) {
  return (
    <div className={cn('flex min-h-[50vh] items-center justify-center text-brand-600', className)}>
      <Spinner label={label} className="h-8 w-8" />
    </div>
  );
}
