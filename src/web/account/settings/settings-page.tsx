import { AppPage } from '../../layout/app-page';
import { useSession } from '../../lib/session';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { LoadingScreen } from '../../ui/spinner';
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
      {settings.isPending ? (
        <LoadingScreen label="Loading your settings" className="min-h-64" />
      ) : settings.isError ? (
        <div className="space-y-4">
          <Alert tone="error" title="We could not load your settings">
            Check your connection and try again.
          </Alert>
          <Button variant="outline" onClick={() => void settings.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <>
          <NotificationsCard saved={settings.data} />
          {user?.isAdmin && <OperatorAlertsCard />}
          <SecurityCard saved={settings.data} />
          {user && <DeleteAccountCard email={user.email} />}
        </>
      )}
    </AppPage>
  );
}
