import { EditIcon } from '@blueprintjs/icons';
import { singleSignOnIsOnlyWayIn } from '@stockroom/schema';
import { LinkButton } from '../../../components/LinkButton';
import { PageHeader } from '../../../components/PageHeader';
import { UserAvatar } from '../../../components/UserAvatar';
import { UserDetailsList } from '../../../components/UserDetailsList';
import { usePageTitle } from '../../../lib/usePageTitle';
import { SignedInTitles } from '../../../lib/page-titles';
import { fullNameOf } from '../../../lib/session';
import { ProfileLoadState } from '../components/ProfileLoadState';
import { ApiTokensSection } from '../components/ApiTokensSection';
import { NotificationsSection } from '../components/NotificationsSection';
import { PasskeysSection } from '../components/PasskeysSection';
import { ProfileSection } from '../components/ProfileSection';
import { SingleSignOnSection } from '../components/SingleSignOnSection';
import { StepUpDialog } from '../components/StepUpDialog';
import { TwoFactorSection } from '../components/TwoFactorSection';
import { WebhooksSection } from '../components/WebhooksSection';
import { profileEditPath } from '../urls';
import { useApiTokens } from '../useApiTokens';
import { useNotificationSettings } from '../useNotificationSettings';
import { usePasskeys } from '../usePasskeys';
import { useProfileUser } from '../useProfileUser';
import { useSingleSignOn } from '../useSingleSignOn';
import { useStepUp } from '../useStepUp';
import { useTwoFactor } from '../useTwoFactor';
import { useWebhooks } from '../useWebhooks';
import '../profile.css';

/** /profile: the signed-in user's account, read only, with the way to edit it; two-factor authentication, passkeys, low-stock emails, API tokens and webhooks. */
export default function ProfilePage() {
  usePageTitle(SignedInTitles.profile);
  const profile = useProfileUser();
  const stepUp = useStepUp();
  const apiTokens = useApiTokens(stepUp.withStepUp);
  const notifications = useNotificationSettings();
  const webhooks = useWebhooks(stepUp.withStepUp);
  const singleSignOn = useSingleSignOn(stepUp.withStepUp);
  const twoFactor = useTwoFactor(stepUp.withStepUp);
  const passkeys = usePasskeys(stepUp.withStepUp);
  return (
    <div className="page page--narrow profile-page">
      <PageHeader
        title="Profile"
        subtitle="Your account details, two-factor authentication, passkeys, email notifications, API tokens and webhooks."
        actions={
          <LinkButton intent="primary" size="large" icon={<EditIcon />} to={profileEditPath}>
            Edit Profile
          </LinkButton>
        }
      />
      {profile.status !== 'ready' ? (
        <ProfileLoadState state={profile} />
      ) : (
        <ProfileSection id="profile-account" title="Account">
          <div className="profile-summary">
            <div className="profile-avatar__current">
              <UserAvatar fullName={fullNameOf(profile.user)} avatar={profile.user.avatar} size="large" />
            </div>
            <UserDetailsList
              fullName={fullNameOf(profile.user)}
              email={profile.user.email}
              role={profile.user.role}
              status={profile.user.status}
              createdAt={profile.user.createdAt}
              emailVerified={profile.user.emailVerified}
            />
          </div>
        </ProfileSection>
      )}
      {profile.status === 'ready' && <TwoFactorSection state={twoFactor} email={profile.user.email} />}
      {profile.status === 'ready' && <PasskeysSection state={passkeys} />}
      {profile.status === 'ready' && singleSignOn.configured && (
        <SingleSignOnSection state={singleSignOn} passwordSet={twoFactor.passwordSet} onlyWayIn={singleSignOnIsOnlyWayIn({ passwordSet: twoFactor.passwordSet, hasPasskey: (passkeys.passkeys?.length ?? 0) > 0 })} />
      )}
      {profile.status === 'ready' && <NotificationsSection state={notifications} />}
      {profile.status === 'ready' && <ApiTokensSection state={apiTokens} />}
      {profile.status === 'ready' && <WebhooksSection state={webhooks} />}
      <StepUpDialog state={stepUp} />
    </div>
  );
}
