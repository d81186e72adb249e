import { AppPage } from '../../layout/app-page';
import { useSettings } from '../../lib/api/settings-api';
import { useSession } from '../../lib/session';
import { QueryView } from '../../ui/query-view';
import { ApiKeysCard } from './api-keys-card';
import { DeleteAccountCard } from './delete-account-card';
import { NotificationsCard } from './notifications-card';
import { OperatorAlertsCard } from './operator-alerts-card';
import { SecurityCard } from './security-card';
import { WebhooksCard } from './webhooks-card';

/** /settings (docs/product.md §2; D9 makes every toggle real). Admins also get their operator alerts. */
export default function SettingsPage() {
  const settings = useSettings();
  const { user } = useSession();
  return (
    <AppPage title="Settings" description="Notifications, security, API access and your account.">
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
            <ApiKeysCard />
            <WebhooksCard />
            {user && <DeleteAccountCard email={user.email} />}
          </>
        )}
      </QueryView>
    </AppPage>
  );
}
