import { cn } from './cn';

/** The brand's square mark (same drawing as public/favicon.svg); decorative, the name sits beside it. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={cn('h-8 w-8 shrink-0', className)} aria-hidden="true">
      <rect width="32" height="32" rx="7" fill="#4f46e5" />
      <path
        d="M8 11.5 16 17l8-5.5M8 10h16v12H8z"
        fill="none"
        stroke="#fff"
        strokeWidth="2.2"
        strokeLinejoin="round"
      />
    </svg>
  );
}
