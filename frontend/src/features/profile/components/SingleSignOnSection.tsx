import { Button, Callout, Spinner } from '@blueprintjs/core';
import { LinkIcon, ShieldIcon } from '@blueprintjs/icons';
import { onlyWayInMessage } from '@stockroom/schema';
import { ConfirmAlert } from '../../../components/ConfirmAlert';
import { formatDate } from '../../../lib/format';
import type { useSingleSignOn } from '../useSingleSignOn';
import { ProfileSection } from './ProfileSection';

interface SingleSignOnSectionProps {
  state: ReturnType<typeof useSingleSignOn>;
  /** Whether the account has a password its holder chose. */
  passwordSet: boolean;
  /** The provider is the only way in (singleSignOnIsOnlyWayIn): Unlink waits for another. */
  onlyWayIn: boolean;
}

/** The profile's "Single sign-on" card: whether the account is linked to the provider, with Link or Unlink. */
export function SingleSignOnSection({ state, passwordSet, onlyWayIn }: SingleSignOnSectionProps) {
  const { provider, link, loading, loadError, refusal, linking, startLink, unlinking, confirmingUnlink, askUnlink, cancelUnlink, unlink } = state;
  return (
    <ProfileSection id="profile-single-sign-on" title="Single sign-on">
      {refusal && (
        <Callout intent="danger" className="form-callout" role="alert">
          {refusal}
        </Callout>
      )}
      {loading ? (
        <Spinner size={24} aria-label="Loading the single sign-on link" />
      ) : loadError ? (
        <Callout intent="warning">{loadError}</Callout>
      ) : link?.linked ? (
        <div className="profile-sso">
          <p className="profile-sso__status">
            Linked to <strong>{provider}</strong>
            {link.email ? ` as ${link.email}` : ''}
            {link.linkedAt ? ` since ${formatDate(new Date(link.linkedAt))}` : ''}.{' '}
            {onlyWayIn
              ? `${onlyWayInMessage(provider)}.`
              : `You can sign in with ${provider} or with your ${passwordSet ? 'password' : 'passkey'}.`}
          </p>
          <Button icon={<ShieldIcon />} onClick={askUnlink} disabled={onlyWayIn} aria-label={`Unlink ${provider}`}>
            Unlink
          </Button>
        </div>
      ) : (
        <div className="profile-sso">
          <p className="profile-sso__status">
            Not linked. Link your account to sign in with <strong>{provider}</strong>; you sign in there once to confirm it is yours.
          </p>
          <Button intent="primary" icon={<LinkIcon />} loading={linking} onClick={() => void startLink()} aria-label={`Link ${provider}`}>
            Link
          </Button>
        </div>
      )}
      <ConfirmAlert
        isOpen={confirmingUnlink}
        title={`Unlink ${provider}?`}
        icon={<ShieldIcon size={32} />}
        confirmText="Unlink"
        busy={unlinking}
        onConfirm={() => void unlink()}
        onCancel={cancelUnlink}
      >
        Signing in with {provider} will no longer open this account: sign in with your password instead (“Forgot password?” on the sign-in page sets one if you have none).
      </ConfirmAlert>
    </ProfileSection>
  );
}
