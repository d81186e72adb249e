import { Link, useLocation } from 'react-router';
import { NO_PASSWORD_NOTICE } from '../../domain/messages';
import { useSession } from '../lib/session';
import { Alert } from '../ui/alert';

/**
 * Shown on every signed-in page while the account has no password: after the address's first
 * proof removed one that was set before it (auth/address-proof.ts). The profile's security
 * card says the same with its own button, so it is not repeated there.
 */
export function NoPasswordNotice() {
  const { user } = useSession();
  const { pathname } = useLocation();
  if (!user || user.hasPassword || pathname === '/profile') return null;
  return (
    <Alert tone="info">
      {NO_PASSWORD_NOTICE}{' '}
      <Link to="/profile" className="font-medium underline underline-offset-2">
        Set a password
      </Link>
    </Alert>
  );
}
