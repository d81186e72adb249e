import { LogOut, Menu } from 'lucide-react';
import type { SessionUser } from '../../domain/account-schemas';
import { ThemeToggle } from '../theme/theme-toggle';
import { AccountSummary } from './account-summary';
import { AppLogo } from './app-logo';
import { WorkspaceSwitcher } from './workspace-switcher';

interface AppTopBarProps {
  user: SessionUser;
  menuOpen: boolean;
  onOpenMenu: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}

const iconButton =
  'inline-flex h-10 items-center justify-center gap-2 rounded-lg text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-950 focus-visible:outline-2 focus-visible:outline-brand-600 disabled:opacity-60 dark:text-slate-300 dark:hover:bg-slate-800 dark:hover:text-white';

/**
 * Spec: logo, theme toggle, the user's initial, name and e-mail, logout. Fixed at every width.
 * Beside the logo, the workspace the session works in (and the way to another one).
 */
export function AppTopBar({ user, menuOpen, onOpenMenu, onLogout, loggingOut }: AppTopBarProps) {
  return (
    <header className="fixed inset-x-0 top-0 z-40 h-16 border-b border-slate-200 bg-white/95 backdrop-blur dark:border-slate-800 dark:bg-slate-950/95">
      <div className="flex h-full items-center gap-2 px-3 sm:px-5">
        <button
          type="button"
          onClick={onOpenMenu}
          aria-label="Open menu"
          aria-expanded={menuOpen}
          aria-haspopup="dialog"
          className={`${iconButton} w-10 md:hidden`}
        >
          <Menu className="h-6 w-6" aria-hidden="true" />
        </button>
        <AppLogo />
        <span
          aria-hidden="true"
          className="hidden text-xl font-light text-slate-300 sm:inline dark:text-slate-700"
        >
          /
        </span>
        <div className="min-w-0">
          <WorkspaceSwitcher />
        </div>
        <div className="ml-auto flex shrink-0 items-center gap-1 sm:gap-3">
          <ThemeToggle />
          <AccountSummary user={user} collapseOnMobile />
          <button
            type="button"
            onClick={onLogout}
            disabled={loggingOut}
            aria-label="Log out"
            className={`${iconButton} w-10 sm:w-auto sm:px-3`}
          >
            <LogOut className="h-5 w-5" aria-hidden="true" />
            <span className="hidden sm:inline">Log out</span>
          </button>
        </div>
      </div>
    </header>
  );
}
