import { Callout, Card } from '@blueprintjs/core';
import { PageHeader } from '../../../components/PageHeader';
import { UserDetailsList } from '../../../components/UserDetailsList';
import { usePageTitle } from '../../../lib/usePageTitle';
import { fullNameOf, useAuth } from '../../auth';

/** Placeholder for /profile and /profile/edit until the profile issue lands. */
export default function ProfilePage() {
  usePageTitle('Profile');
  const { state } = useAuth();
  const user = state.user;
  if (!user) return null;
  return (
    <div className="page">
      <PageHeader title="Profile" subtitle="Your account details." />
      <Card className="page__card">
        <UserDetailsList
          fullName={fullNameOf(user)}
          email={user.email}
          role={user.role}
          status={user.status}
          createdAt={user.createdAt}
          emailVerified={user.emailVerified}
        />
      </Card>
      <Callout intent="primary" className="page__note">
        Editing your name and email arrives soon.
      </Callout>
    </div>
  );
}
