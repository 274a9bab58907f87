import { Callout, Spinner } from '@blueprintjs/core';
import { KeyIcon } from '@blueprintjs/icons';
import { API_TOKEN_PREFIX, ApiTokenMessages, MAX_API_TOKENS_PER_USER } from '@stockroom/schema';
import { ConfirmAlert } from '../../../components/ConfirmAlert';
import type { useApiTokens } from '../useApiTokens';
import { ApiTokenCreateForm } from './ApiTokenCreateForm';
import { ApiTokenList } from './ApiTokenList';
import { NewApiTokenCallout } from './NewApiTokenCallout';
import { ProfileSection } from './ProfileSection';
import { keptOutOfWorkspace, WorkspaceCardLoadError } from './WorkspaceCardLoadError';

/** The profile's "API tokens" card: what tokens are for, the new token once, the form and the list. */
export function ApiTokensSection({ state }: { state: ReturnType<typeof useApiTokens> }) {
  const { tokens, loading, loadError, created, copied, confirming } = state;
  const full = (tokens?.length ?? 0) >= MAX_API_TOKENS_PER_USER;
  return (
    <ProfileSection id="profile-api-tokens" title="API tokens">
      <p className="api-tokens__intro">
        Scripts and other apps can use the Stockroom API with a token instead of your password: send it as{' '}
        <code>Authorization: Bearer {API_TOKEN_PREFIX}…</code>. A token can read or change your products and stock, never your account, its
        password, email or tokens. {ApiTokenMessages.passwordChangeNote} Deactivating the account revokes every token.
      </p>
      {created && <NewApiTokenCallout name={created.name} secret={created.secret} copied={copied} onCopy={state.copy} onDone={state.dismissCreated} />}
      {full && (
        <Callout intent="warning" className="profile-callout">
          {ApiTokenMessages.tooMany}.
        </Callout>
      )}
      {/* A new key empties the form once a token is made. */}
      <ApiTokenCreateForm key={created?.secret ?? 'new'} disabled={full || keptOutOfWorkspace(loadError)} onSubmit={state.create} />
      <h3 className="api-tokens__list-title">Your tokens</h3>
      {loading && !tokens ? (
        <Spinner size={24} aria-label="Loading API tokens" />
      ) : loadError && !tokens ? (
        <WorkspaceCardLoadError error={loadError} failed="Could not load your API tokens. Reload the page to try again." />
      ) : (
        <ApiTokenList tokens={tokens ?? []} onRevoke={state.askToRevoke} />
      )}
      <ConfirmAlert
        isOpen={confirming !== null}
        title={`Revoke “${confirming?.name ?? ''}”?`}
        icon={<KeyIcon size={40} className="api-token-revoke__icon" />}
        confirmText="Revoke Token"
        busy={state.revoking}
        onConfirm={state.revoke}
        onCancel={state.cancelRevoke}
      >
        Anything using this token stops working at once, and it leaves the list. This cannot be undone.
      </ConfirmAlert>
    </ProfileSection>
  );
}
