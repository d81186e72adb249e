import { AppPage } from '../../layout/app-page';
import { useSession } from '../../lib/session';
import { QueryView } from '../../ui/query-view';
import { DeleteAccountCard } from './delete-account-card';
import { NotificationsCard } from './notifications-card';
import { OperatorAlertsCard } from './operator-alerts-card';
import { SecurityCard } from './security-card';
import { useSettings } from './settings-api';

/** /settings (docs/product.md §2; D9 makes every toggle real). Admins also get their operator alerts. */
export default function SettingsPage() {
  const settings = useSettings();
  const { user } = useSession();
  return (
    <AppPage title="Settings" description="Notifications, security and your account.">
      <QueryView
        query={settings}
        loadingLabel="Loading your settings"
        errorTitle="We could not load your settings"
      >
        {(saved) => (
          <>
            <NotificationsCard saved={saved} />
            {user?.isAdmin && <OperatorAlertsCard />}
            <SecurityCard saved={saved} />
            {user && <DeleteAccountCard email={user.email} />}
          </>
        )}
      </QueryView>
    </AppPage>
  );
}
