import type { SessionUser } from '../../domain/account-schemas';
import { Dialog } from '../ui/dialog';
import { AccountSummary } from './account-summary';
import { AppNav } from './app-nav';

/**
 * Under 768px the sidebar becomes a menu sliding in from the left (spec). It is a modal
 * dialog, so focus stays inside and Escape closes it; following a link closes it too.
 */
export function MobileNav({
  user,
  open,
  onClose,
}: {
  user: SessionUser;
  open: boolean;
  onClose: () => void;
}) {
  return (
    <Dialog open={open} onClose={onClose} title="Menu" placement="left" className="md:hidden">
      <div className="flex h-full flex-col gap-6">
        <AppNav isAdmin={user.isAdmin} onNavigate={onClose} />
        <div className="mt-auto border-t border-slate-200 pt-4 dark:border-slate-800">
          <AccountSummary user={user} />
        </div>
      </div>
    </Dialog>
  );
}
