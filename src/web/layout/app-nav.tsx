import { Plus } from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { usePermissions } from '../lib/use-can';
import { buttonClasses } from '../ui/button';
import { cn } from '../ui/cn';
import { NAV_ITEMS, NEW_ORDER_PATH, NEW_ORDER_PERMISSION } from './nav-items';

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600',
    isActive
      ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white'
      : 'text-slate-700 hover:bg-slate-100 hover:text-slate-950 dark:text-slate-300 dark:hover:bg-slate-800/70 dark:hover:text-white',
  );

/**
 * The signed-in links (sidebar on desktop, slide-in menu on mobile). NavLink marks the current
 * page with aria-current="page", which the highlight follows. A link the user's role in the
 * active workspace cannot use is left out.
 */
export function AppNav({ isAdmin, onNavigate }: { isAdmin: boolean; onNavigate?: () => void }) {
  const can = usePermissions();
  const shown = NAV_ITEMS.filter(
    (item) => (isAdmin || !item.adminOnly) && (!item.permission || can(item.permission)),
  );
  return (
    <nav aria-label="Account" className="flex flex-col gap-6">
      {can(NEW_ORDER_PERMISSION) && (
        <Link to={NEW_ORDER_PATH} onClick={onNavigate} className={buttonClasses({ className: 'w-full' })}>
          <Plus className="h-4 w-4" aria-hidden="true" />
          Start new order
        </Link>
      )}
      <ul className="space-y-1">
        {shown.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink to={to} onClick={onNavigate} className={linkClasses}>
              {({ isActive }) => (
                <>
                  <Icon
                    className={cn(
                      'h-5 w-5 shrink-0',
                      isActive ? 'text-brand-600 dark:text-indigo-300' : 'text-slate-400',
                    )}
                    aria-hidden="true"
                  />
                  {label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
