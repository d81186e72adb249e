import { AppPage } from '../../layout/app-page';
import { useSession } from '../../lib/session';
import { QueryView } from '../../ui/query-view';
import { useProfile } from '../api/profile-api';
import { AccountSecurityCard } from './account-security-card';
import { ProfileDetailsCard } from './profile-details-card';
import { SetPasswordCard } from './set-password-card';

/** /profile (docs/product.md §2; D9 makes 'Update Password' work). */
export default function ProfilePage() {
  const profile = useProfile();
  const { user } = useSession();
  return (
    <AppPage title="Your Profile" description="Manage your personal information and password.">
      <QueryView query={profile} what="your profile">
        {(data) => (
          <>
            <ProfileDetailsCard profile={data} />
            {user?.hasPassword === false ? (
              <SetPasswordCard email={data.email} />
            ) : (
              <AccountSecurityCard email={data.email} />
            )}
          </>
        )}
      </QueryView>
    </AppPage>
  );
}
