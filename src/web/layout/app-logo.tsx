import { Link } from 'react-router';
import { useSite } from '../lib/site';
import { BrandMark } from '../ui/brand-mark';

/** The brand in the signed-in top bar; it leads to the dashboard, the signed-in home. */
export function AppLogo() {
  const { brandName } = useSite();
  return (
    <Link
      to="/dashboard"
      className="inline-flex items-center gap-2.5 rounded-md text-lg font-bold tracking-tight text-slate-900 focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand-600 dark:text-white"
    >
      <BrandMark />
      {brandName}
    </Link>
  );
}
