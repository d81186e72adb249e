import { Link } from 'react-router';
import { useSite } from '../lib/site';
import { BrandMark } from '../ui/brand-mark';

/**
 * The brand in the signed-in top bar; it leads to the dashboard, the signed-in home. On a phone
 * the mark alone stands for it (the name stays for screen readers), leaving room for the
 * workspace beside it.
 */
export function AppLogo() {
  const { brandName } = useSite();
  return (
    <Link
      to="/dashboard"
      className="inline-flex shrink-0 items-center gap-2.5 rounded-md text-lg font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 dark:text-white"
    >
      <BrandMark />
      <span className="sr-only sm:not-sr-only">{brandName}</span>
    </Link>
  );
}
