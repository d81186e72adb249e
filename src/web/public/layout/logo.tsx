import { Link } from 'react-router';
import { useSite } from '../../lib/site';

/** The brand mark (same drawing as favicon.svg) and the configured brand name, linking home. */
export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  const { brandName } = useSite();
  return (
    <Link
      to="/"
      onClick={onNavigate}
      className="inline-flex items-center gap-2.5 rounded-md text-lg font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 dark:text-white"
    >
      <svg viewBox="0 0 32 32" className="h-8 w-8 shrink-0" aria-hidden="true">
        <rect width="32" height="32" rx="7" fill="#4f46e5" />
        <path
          d="M8 11.5 16 17l8-5.5M8 10h16v12H8z"
          fill="none"
          stroke="#fff"
          strokeWidth="2.2"
          strokeLinejoin="round"
        />
      </svg>
      {brandName}
    </Link>
  );
}
