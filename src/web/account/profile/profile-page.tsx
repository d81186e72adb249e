import { AppPage } from '../../layout/app-page';
import { Alert } from '../../ui/alert';
import { Button } from '../../ui/button';
import { LoadingScreen } from '../../ui/spinner';
import { AccountSecurityCard } from './account-security-card';
import { useProfile } from './profile-api';
import { ProfileDetailsCard } from './profile-details-card';

/** /profile (docs/product.md §2; D9 makes 'Update Password' work). */
export default function ProfilePage() {
  const profile = useProfile();
  return (
    <AppPage title="Your Profile" description="Manage your personal information and password.">
      {profile.isPending ? (
        <LoadingScreen label="Loading your profile" className="min-h-64" />
      ) : profile.isError ? (
        // D3: a failed load says so and offers a retry instead of showing an empty form.
        <div className="space-y-4">
          <Alert tone="error" title="We could not load your profile">
            Check your connection and try again.
          </Alert>
          <Button variant="outline" onClick={() => void profile.refetch()}>
            Retry
          </Button>
        </div>
      ) : (
        <>
          <ProfileDetailsCard profile={profile.data} />
          <AccountSecurityCard email={profile.data.email} />
        </>
      )}
    </AppPage>
  );
}
