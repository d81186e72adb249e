import { Menu, X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Link, NavLink } from 'react-router';
import { NAV_SCROLL_THRESHOLD_PX } from '../../../domain/constants';
import { ThemeToggle } from '../../theme/theme-toggle';
import { buttonClasses } from '../../ui/button';
import { cn } from '../../ui/cn';
import { NAV_LINKS } from './links';
import { Logo } from './logo';
import { useScrolledPast } from './use-scrolled-past';

const linkClasses = ({ isActive }: { isActive: boolean }) =>
  cn(
    'rounded-md px-3 py-2 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-brand-600',
    isActive
      ? 'text-brand-700 dark:text-indigo-300'
      : 'text-slate-700 hover:text-slate-950 dark:text-slate-300 dark:hover:text-white',
  );

/**
 * The top bar of spec section 2: transparent over the page header, opaque once the page is
 * scrolled more than 20 px (or while the mobile menu is open). data-scrolled exposes the state
 * to tests and styles.
 */
export function SiteNav() {
  const scrolled = useScrolledPast(NAV_SCROLL_THRESHOLD_PX);
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
          {/* A wrapper carries `hidden`: on the links it would fight the button's own display class. */}
          <div className="hidden items-center gap-2 md:flex">
            <Link to="/login" className={buttonClasses({ variant: 'ghost', size: 'sm' })}>
              Sign In
            </Link>
            <Link to="/register" className={buttonClasses({ size: 'sm' })}>
              Sign Up
            </Link>
          </div>
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
          <Link to="/login" onClick={close} className={buttonClasses({ variant: 'outline' })}>
            Sign In
          </Link>
          <Link to="/register" onClick={close} className={buttonClasses()}>
            Sign Up
          </Link>
        </div>
      </div>
    </header>
  );
}
