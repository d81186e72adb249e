import { useEffect, useId, useState } from 'react';
import { Menu } from '../../lib/icons/menu';
import { X } from '../../lib/icons/x';
import { ThemeToggle } from '../../theme/theme-toggle';
import { buttonClasses } from '../../ui/button';
import { cn } from '../../ui/cn';
import { NAV_LINKS } from './links';
import { Logo } from './logo';
import { Link, NavLink } from './site-navigation';
import { useScrolledPast } from './use-scrolled-past';
import { useSignedIn } from './use-signed-in';

/** The navigation turns opaque once the page has scrolled past this many pixels. */
const NAV_SCROLL_THRESHOLD_PX = 20;

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
    isActive
      ? 'text-brand-700 dark:text-indigo-300'
      : 'text-slate-700 hover:text-slate-950 dark:text-slate-300 dark:hover:text-white',
  );

/**
 * The account buttons at the right of the bar: 'Sign In' and 'Sign Up' for a visitor,
 * 'Dashboard' for a signed-in user. The page is prerendered for a visitor and learns about the
 * session after hydration, so the slot keeps the visitor's width either way (an invisible copy
 * of those two buttons under the real ones, which 'Dashboard' fills): swapping the buttons
 * moves nothing around them.
 */
function AccountButtons({ signedIn }: { signedIn: boolean }) {
  const ghost = buttonClasses({ variant: 'ghost', size: 'sm' });
  const primary = buttonClasses({ size: 'sm' });
  return (
    // A wrapper carries `hidden`: on the links it would fight the button's own display class.
    <div className="hidden md:grid">
      <div aria-hidden="true" className="invisible col-start-1 row-start-1 flex items-center gap-2">
        <span className={ghost}>Sign In</span>
        <span className={primary}>Sign Up</span>
      </div>
      <div className="col-start-1 row-start-1 flex items-center justify-end gap-2">
        {/* Keys make the swap a new link, not the 'Sign In' link moved (a layout shift). */}
        {signedIn ? (
          <Link key="dashboard" to="/dashboard" className={cn(primary, 'w-full')}>
            Dashboard
          </Link>
        ) : (
          <>
            <Link key="sign-in" to="/login" className={ghost}>
              Sign In
            </Link>
            <Link key="sign-up" to="/register" className={primary}>
              Sign Up
            </Link>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * The top bar of docs/product.md §2: transparent over the page header, opaque once the page is
 * scrolled more than 20 px (or while the mobile menu is open). data-scrolled exposes the state
 * to tests and styles.
 */
export function SiteNav() {
  const scrolled = useScrolledPast(NAV_SCROLL_THRESHOLD_PX);
  const signedIn = useSignedIn();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const close = () => setMenuOpen(false);
  const opaque = scrolled || menuOpen;

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [menuOpen]);

  return (
    <header
      data-scrolled={scrolled ? 'true' : 'false'}
      className={cn(
        'fixed inset-x-0 top-0 z-50 border-b transition-colors duration-300',
        opaque
          ? 'border-slate-200 bg-white/95 shadow-sm backdrop-blur dark:border-slate-800 dark:bg-slate-950/95'
          : 'border-transparent bg-transparent',
      )}
    >
      <nav
        aria-label="Main"
        className="mx-auto flex h-16 max-w-7xl items-center justify-between px-4 sm:px-6 lg:px-8"
      >
        <Logo onNavigate={close} />
        <div className="hidden items-center gap-1 md:flex">
          {NAV_LINKS.map((link) => (
            <NavLink key={link.to} to={link.to} className={linkClasses}>
              {link.label}
            </NavLink>
          ))}
        </div>
        <div className="flex items-center gap-2">
          <ThemeToggle />
          <AccountButtons signedIn={signedIn} />
          <button
            type="button"
            className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 md:hidden dark:text-slate-200 dark:hover:bg-slate-800"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? (
              <X className="h-6 w-6" aria-hidden="true" />
            ) : (
              <Menu className="h-6 w-6" aria-hidden="true" />
            )}
          </button>
        </div>
      </nav>
      <div
        id={menuId}
        hidden={!menuOpen}
        className="border-t border-slate-200 bg-white px-4 pt-2 pb-5 md:hidden dark:border-slate-800 dark:bg-slate-950"
      >
        <ul className="space-y-1">
          {NAV_LINKS.map((link) => (
            <li key={link.to}>
              <NavLink
                to={link.to}
                onClick={close}
                className={({ isActive }) =>
                  cn(
                    'block rounded-md px-3 py-2.5 text-base font-medium',
                    isActive
                      ? 'bg-brand-50 text-brand-700 dark:bg-slate-800 dark:text-white'
                      : 'text-slate-800 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
                  )
                }
              >
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className="mt-4 grid grid-cols-2 gap-3">
          {signedIn ? (
            <Link
              key="dashboard"
              to="/dashboard"
              onClick={close}
              className={buttonClasses({ className: 'col-span-2' })}
            >
              Dashboard
            </Link>
          ) : (
            <>
              <Link
                key="sign-in"
                to="/login"
                onClick={close}
                className={buttonClasses({ variant: 'outline' })}
              >
                Sign In
              </Link>
              <Link key="sign-up" to="/register" onClick={close} className={buttonClasses()}>
                Sign Up
              </Link>
            </>
          )}
        </div>
      </div>
    </header>
  );
}
