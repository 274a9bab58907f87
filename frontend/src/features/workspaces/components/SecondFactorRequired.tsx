import { Button } from '@blueprintjs/core';
import { ShieldIcon, SwapHorizontalIcon } from '@blueprintjs/icons';
import { profilePath } from '@stockroom/schema';
import { EmptyState } from '../../../components/EmptyState';
import { LinkButton } from '../../../components/LinkButton';
import { usePageTitle } from '../../../lib/usePageTitle';
import { useWorkspace, type WorkspaceSummary } from '../../../lib/workspace';
import '../workspaces.css';

export const SECOND_FACTOR_REQUIRED_TITLE = 'Two-factor authentication required';

/**
 * What a member sees instead of a workspace whose owners require a second
 * factor they have not set up: every request there is refused, so rather
 * than a screen of errors, one page that says why and where to set it up
 * (the profile's two-factor card), or how to go back to their own workspace.
 */
export default function SecondFactorRequired({ workspace }: { workspace: WorkspaceSummary }) {
  usePageTitle(SECOND_FACTOR_REQUIRED_TITLE);
  const { workspaces, switchTo } = useWorkspace();
  const personal = workspaces.find((w) => w.personal);
  return (
    <div className="page page--narrow second-factor-required">
      <EmptyState
        headingLevel={1}
        icon={<ShieldIcon size={48} />}
        title={SECOND_FACTOR_REQUIRED_TITLE}
        description={
          <p>
            The owners of <strong>{workspace.name}</strong> require two-factor authentication of every member. Set it up in your profile with an
            authenticator app or a passkey; then this workspace opens again.
          </p>
        }
        action={
          <div className="second-factor-required__actions">
            <LinkButton intent="primary" icon={<ShieldIcon />} to={`${profilePath}#profile-two-factor-title`}>
              Set up two-factor authentication
            </LinkButton>
            {personal && (
              <Button icon={<SwapHorizontalIcon />} onClick={() => void switchTo(personal.id)}>
                Go to {personal.name}
              </Button>
            )}
          </div>
        }
      />
    </div>
  );
}
