import type { SessionUser } from '../../domain/account-schemas';
import { userInitial } from '../../domain/format';
import { cn } from '../ui/cn';

/**
 * The user's initial in a circle, name and e-mail beside it. `collapseOnMobile` keeps only the
 * circle on narrow screens (the name stays available to screen readers).
 */
export function AccountSummary({
  user,
  collapseOnMobile = false,
}: {
  user: SessionUser;
  collapseOnMobile?: boolean;
}) {
  return (
    <div className="flex min-w-0 items-center gap-3">
      <span
        aria-hidden="true"
        className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white"
      >
        {userInitial(user.name)}
      </span>
      <div className={cn('min-w-0 leading-tight', collapseOnMobile && 'sr-only sm:not-sr-only')}>
        <p className="truncate text-sm font-semibold text-slate-900 dark:text-white">{user.name}</p>
        <p className="truncate text-xs text-slate-600 dark:text-slate-400">{user.email}</p>
      </div>
    </div>
  );
}
