import { Callout } from '@blueprintjs/core';
import { ShieldIcon } from '@blueprintjs/icons';
import { isSecondFactorRequiredError } from '../../../lib/errors';

/** Said where a card of the current workspace cannot load because its owners require a second factor the account lacks. */
export const SECOND_FACTOR_REQUIRED_BY_WORKSPACE = 'Two-factor authentication required by this workspace';

/** The profile's two-factor card, on this same page. */
const TWO_FACTOR_CARD = '#profile-two-factor-title';

/** Whether a card's load failed because the workspace's second-factor requirement keeps the account out: its forms wait too. */
export const keptOutOfWorkspace = (error: unknown): boolean => isSecondFactorRequiredError(error);

/**
 * Why a card of the profile that belongs to the current workspace (API
 * tokens, webhooks, email notifications) could not load: for a member kept
 * out by the workspace's second-factor requirement, that and where to set one
 * up; otherwise `failed`, the card's own message.
 */
export function WorkspaceCardLoadError({ error, failed }: { error: unknown; failed: string }) {
  if (!keptOutOfWorkspace(error)) return <Callout intent="danger">{failed}</Callout>;
  return (
    <Callout intent="warning" icon={<ShieldIcon />} className="profile-callout">
      <p className="profile-callout__title">
        <strong>{SECOND_FACTOR_REQUIRED_BY_WORKSPACE}</strong>
      </p>
      <p>
        Its owners require a second factor of every member, so this opens once you have one: set it up in{' '}
        <a href={TWO_FACTOR_CARD}>Two-factor authentication</a> above, or switch to your own workspace.
      </p>
    </Callout>
  );
}
