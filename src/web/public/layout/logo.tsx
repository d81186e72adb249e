import { useSite } from '../../lib/site';
import { BrandMark } from '../../ui/brand-mark';
import { Link } from './site-navigation';

/** The brand mark (same drawing as favicon.svg) and the configured brand name, linking home. */
export function Logo({ onNavigate }: { onNavigate?: () => void }) {
  const { brandName } = useSite();
  return (
    <Link
      to="/"
      onClick={onNavigate}
      className="inline-flex items-center gap-2.5 rounded-md text-lg font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 dark:text-white"
    >
      <BrandMark />
      {brandName}
    </Link>
  );
}
