import { Button, Callout } from '@blueprintjs/core';
import { useInvitationAcceptMutation, useInvitationPreviewQuery } from '@stockroom/schema/generated/hooks';
import { InvitationMessages } from '@stockroom/schema';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { LinkButton } from '../../../components/LinkButton';
import { LoadingScreen } from '../../../components/LoadingScreen';
import { errorCodeOf, extractErrorMessage } from '../../../lib/errors';
import { useAuth } from '../../../lib/session';
import { toast } from '../../../lib/toaster';
import { usePageTitle } from '../../../lib/usePageTitle';
import { homePath } from '../../../lib/urls';
import { useWorkspace } from '../../../lib/workspace';
import { InvitationCard } from '../components/InvitationCard';
import { InvitationSummary } from '../components/InvitationSummary';
import { invitationPath, signInUrlFor, signUpUrlFor } from '../urls';

/** A link that cannot be used (unknown, used, revoked or expired): said once, with the way home. */
function NoLongerValid() {
  return (
    <InvitationCard title={InvitationMessages.noLongerValid}>
      <p>Ask whoever invited you to send a new invitation.</p>
      <LinkButton to={homePath} intent="primary" size="large" fill>
        Go to Home
      </LinkButton>
    </InvitationCard>
  );
}

/**
 * /invitations/:token, the invitation mail's link: shows who invites the holder
 * to which workspace and as what, then leads a guest to sign in (or sign up with
 * the invited address) and back here, and lets the signed-in account accept.
 */
export default function InvitationPage() {
  usePageTitle('Invitation');
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const { state, initialize, signOut, reloadProfile } = useAuth();
  const { refresh, switchTo } = useWorkspace();
  const preview = useInvitationPreviewQuery({ variables: { token }, fetchPolicy: 'network-only' });
  const [accept, { loading: accepting }] = useInvitationAcceptMutation();
  const [acceptError, setAcceptError] = useState<{ message: string; otherAccount: boolean } | null>(null);

  useEffect(() => {
    if (!state.initialized) initialize();
  }, [state.initialized, initialize]);

  if (preview.loading || !state.initialized) return <LoadingScreen label="Opening your invitation" />;
  const invitation = preview.data?.invitation;
  if (!invitation) {
    const code = errorCodeOf(preview.error);
    if (code === 'GONE' || code === 'NOT_FOUND') return <NoLongerValid />;
    return (
      <InvitationCard title="Invitation">
        <Callout intent="danger" role="alert">
          {extractErrorMessage(preview.error)}
        </Callout>
        <Button size="large" fill onClick={() => void preview.refetch()}>
          Try again
        </Button>
      </InvitationCard>
    );
  }
  if (acceptError && !acceptError.otherAccount) return <NoLongerValid />;

  const here = invitationPath(token);
  const onAccept = () => {
    setAcceptError(null);
    accept({ variables: { token } })
      .then(async ({ data }) => {
        const workspace = data!.acceptInvitation.workspace;
        toast.success(`You joined ${workspace.name}`);
        // The list must hold the new workspace before it is chosen, or the choice falls back to the personal one.
        // Accepting proved the address, as a verification link does: the profile is read again to say so.
        await Promise.all([refresh(), reloadProfile()]);
        await switchTo(workspace.id);
      })
      .catch((error: unknown) => {
        const code = errorCodeOf(error);
        if (code === 'FORBIDDEN') setAcceptError({ message: extractErrorMessage(error), otherAccount: true });
        else if (code === 'GONE' || code === 'NOT_FOUND') setAcceptError({ message: extractErrorMessage(error), otherAccount: false });
        else toast.error(extractErrorMessage(error));
      });
  };

  return (
    <InvitationCard title={`Join ${invitation.workspaceName}`}>
      <InvitationSummary
        invitedBy={invitation.invitedBy}
        workspaceName={invitation.workspaceName}
        role={invitation.role}
        email={invitation.email}
      />
      {!state.isAuthenticated ? (
        invitation.accountExists ? (
          <LinkButton to={signInUrlFor(here)} intent="primary" size="large" fill>
            Sign in to accept
          </LinkButton>
        ) : (
          <LinkButton to={signUpUrlFor(here, invitation.email)} intent="primary" size="large" fill>
            Create your account
          </LinkButton>
        )
      ) : acceptError ? (
        <>
          <Callout intent="danger" role="alert">
            {acceptError.message}. You are signed in as {state.user?.email}.
          </Callout>
          <Button size="large" fill onClick={() => void signOut().then(() => navigate(signInUrlFor(here), { replace: true }))}>
            Sign out
          </Button>
        </>
      ) : (
        <Button intent="primary" size="large" fill loading={accepting} onClick={onAccept}>
          Accept invitation
        </Button>
      )}
    </InvitationCard>
  );
}
