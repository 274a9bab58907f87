import { Callout } from '@blueprintjs/core';
import { ArrowLeftIcon } from '@blueprintjs/icons';
import { UserMessages } from '@stockroom/schema';
import {
  SecondFactorsDocument,
  useProfileAvatarRemoveMutation,
  useProfilePasswordChangeMutation,
  useProfileUpdateMutation,
  useSecondFactorsQuery,
} from '@stockroom/schema/generated/hooks';
import { useMemo, useState } from 'react';
import { ImageUpload } from '../../../components/ImageUpload';
import { LinkButton } from '../../../components/LinkButton';
import { PageHeader } from '../../../components/PageHeader';
import { toast } from '../../../lib/toaster';
import { usePageTitle } from '../../../lib/usePageTitle';
import { SignedInTitles } from '../../../lib/page-titles';
import { fullNameOf, useAuth, type AuthUser } from '../../../lib/session';
import { AvatarSection } from '../components/AvatarSection';
import { ChangePasswordForm } from '../components/ChangePasswordForm';
import { ProfileForm } from '../components/ProfileForm';
import { ProfileLoadState } from '../components/ProfileLoadState';
import { ProfileSection } from '../components/ProfileSection';
import { StepUpDialog } from '../components/StepUpDialog';
import { serverMessageOr } from '../../../lib/errors';
import { accountFieldErrors } from '../profile-errors';
import {
  changedEmail,
  PASSWORD_FORM_FIELDS,
  PROFILE_FORM_FIELDS,
  profileFormValuesOf,
  toChangePasswordInput,
  toProfileInput,
  type PasswordFormValues,
  type ProfileFormValues,
} from '../profile-form-values';
import { profilePath } from '../urls';
import { useProfileUser } from '../useProfileUser';
import { useStepUp } from '../useStepUp';
import { passwordSetOf } from '../useTwoFactor';
import '../profile.css';

/** The fallback when a password change fails without a server message. */
const PASSWORD_CHANGE_FAILED = 'Failed to change password';
/** The answer to a removed avatar. */
const AVATAR_REMOVED = 'Avatar removed';
const AVATAR_UPDATED = 'Avatar updated';

/**
 * /profile/edit: name and email, the avatar and the password. Every save
 * hands the server's answer to the auth state, so the header's name,
 * initials and avatar change at once. An account whose password nobody
 * chose (single sign-on opened it) sets one here, and it, like anyone who
 * leaves the current password out, confirms it is them when the sign-in is
 * older than 10 minutes.
 */
export default function ProfileEditPage() {
  usePageTitle(SignedInTitles.profileEdit);
  const profile = useProfileUser();
  return (
    <div className="page page--narrow profile-page">
      <LinkButton className="profile-back" variant="minimal" icon={<ArrowLeftIcon />} to={profilePath}>
        Back to Profile
      </LinkButton>
      <PageHeader title="Edit Profile" subtitle="Change your name, email address, avatar and password." />
      {profile.status === 'ready' ? <ProfileEditor user={profile.user} /> : <ProfileLoadState state={profile} />}
    </div>
  );
}

function ProfileEditor({ user }: { user: AuthUser }) {
  const { profileUpdated } = useAuth();
  const [updateProfile] = useProfileUpdateMutation();
  const [changePassword] = useProfilePasswordChangeMutation();
  const [removeAvatar, { loading: removing }] = useProfileAvatarRemoveMutation();
  const stepUp = useStepUp();
  const hasPassword = passwordSetOf(useSecondFactorsQuery().data?.secondFactors);
  const [verificationSentTo, setVerificationSentTo] = useState<string | null>(null);
  const [passwordChanged, setPasswordChanged] = useState<string | null>(null);
  // A new key empties the password form after a change.
  const [passwordFormKey, setPasswordFormKey] = useState(0);

  const initialValues = useMemo(
    () => profileFormValuesOf({ firstName: user.firstName, lastName: user.lastName, email: user.email }),
    [user.firstName, user.lastName, user.email],
  );

  const saveProfile = async (values: ProfileFormValues) => {
    try {
      const { data } = await stepUp.withStepUp(() => updateProfile({ variables: { input: toProfileInput(values, user) } }));
      if (!data) throw new Error('Empty response');
      profileUpdated(data.updateProfile);
      toast.success(UserMessages.profileUpdated);
      const newEmail = changedEmail(user, data.updateProfile);
      if (newEmail) setVerificationSentTo(newEmail);
      return undefined;
    } catch (error) {
      toast.error(serverMessageOr(error, UserMessages.updateFailed));
      return accountFieldErrors(error, PROFILE_FORM_FIELDS);
    }
  };

  const savePassword = async (values: PasswordFormValues) => {
    setPasswordChanged(null);
    try {
      const { data } = await stepUp.withStepUp(() =>
        changePassword({ variables: { input: toChangePasswordInput(values) }, refetchQueries: [{ query: SecondFactorsDocument }], awaitRefetchQueries: true }),
      );
      const message = data?.changePassword.message || UserMessages.passwordChanged;
      setPasswordChanged(message);
      toast.success(message);
      setPasswordFormKey((key) => key + 1);
      return undefined;
    } catch (error) {
      const fields = accountFieldErrors(error, PASSWORD_FORM_FIELDS);
      // A message on a field says it all; a toast repeats only what has no field.
      if (!fields) toast.error(serverMessageOr(error, PASSWORD_CHANGE_FAILED));
      return fields;
    }
  };

  const dropAvatar = async () => {
    try {
      const { data } = await removeAvatar({ variables: { id: user.id } });
      if (!data) throw new Error('Empty response');
      profileUpdated(data.removeAvatar);
      toast.success(AVATAR_REMOVED);
    } catch (error) {
      toast.error(serverMessageOr(error, UserMessages.updateFailed));
    }
  };

  return (
    <>
      <ProfileSection id="profile-details" title="Personal details">
        {verificationSentTo && (
          <Callout intent="primary" className="profile-callout" role="status">
            We sent a verification link to <strong>{verificationSentTo}</strong>. Open it to verify your new address.
          </Callout>
        )}
        <ProfileForm initialValues={initialValues} onSubmit={saveProfile} cancelHref={profilePath} asksPassword={hasPassword} />
      </ProfileSection>
      <ProfileSection id="profile-avatar" title="Avatar">
        <AvatarSection
          fullName={fullNameOf(user)}
          avatar={user.avatar}
          uploader={
            <ImageUpload<{ user: AuthUser }>
              endpoint={`/api/users/${encodeURIComponent(user.id)}/avatar`}
              fieldName="avatar"
              label="Upload a new avatar"
              disabled={removing}
              onUploaded={({ user: updated }) => {
                profileUpdated(updated);
                toast.success(AVATAR_UPDATED);
              }}
            />
          }
          removing={removing}
          onRemove={() => void dropAvatar()}
        />
      </ProfileSection>
      <ProfileSection id="profile-password" title={hasPassword ? 'Change password' : 'Set a password'}>
        {!hasPassword && (
          <p className="profile-password__intro">Your account was opened with single sign-on. Set a password to sign in with your email too.</p>
        )}
        {passwordChanged && (
          <Callout intent="success" className="profile-callout" role="status">
            {passwordChanged}
          </Callout>
        )}
        <ChangePasswordForm key={passwordFormKey} onSubmit={savePassword} hasPassword={hasPassword} />
      </ProfileSection>
      <StepUpDialog state={stepUp} />
    </>
  );
}
