import { AppPage } from '../../layout/app-page';
import { useSettings } from '../../lib/api/settings-api';
import { useSession } from '../../lib/session';
import { useCan } from '../../lib/use-can';
import { QueryView } from '../../ui/query-view';
import { ApiKeysCard } from './api-keys-card';
import { DeleteAccountCard } from './delete-account-card';
import { NotificationsCard } from './notifications-card';
import { OperatorAlertsCard } from './operator-alerts-card';
import { SecurityCard } from './security-card';
import { WebhooksCard } from './webhooks-card';
import { WorkspaceCard } from './workspace-card';

/**
 * /settings (docs/product.md §2; D9 makes every toggle real). Admins also get their operator
 * alerts; API keys and webhooks are the workspace's, for the roles that manage them.
 */
export default function SettingsPage() {
  const settings = useSettings();
  const { user } = useSession();
  const canManageIntegrations = useCan('integrations.manage');
  return (
    <AppPage title="Settings" description="Notifications, security, API access and your account.">
      <QueryView query={settings} what="your settings">
        {(saved) => (
          <>
            <NotificationsCard saved={saved} />
            {user?.isAdmin && <OperatorAlertsCard />}
            <SecurityCard saved={saved} />
            <WorkspaceCard />
            {canManageIntegrations && <ApiKeysCard />}
            {canManageIntegrations && <WebhooksCard />}
            {user && <DeleteAccountCard email={user.email} />}
          </>
        )}
      </QueryView>
    </AppPage>
  );
}
