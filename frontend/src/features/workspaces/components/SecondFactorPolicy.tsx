import { Switch } from '@blueprintjs/core';
import { InfoSignIcon } from '@blueprintjs/icons';
import { profilePath } from '@stockroom/schema';
import { useSecondFactorsQuery, useWorkspacePolicyUpdateMutation } from '@stockroom/schema/generated/hooks';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { extractErrorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toaster';
import type { WorkspaceSummary } from '../../../lib/workspace';

export const REQUIRE_SECOND_FACTOR_LABEL = 'Require two-factor authentication';

/**
 * The Members page's second-factor requirement: owners turn it on or off (the
 * server refuses to turn it on for an owner without a factor of their own,
 * which would shut them out, so the switch waits for theirs); the other
 * members read whether it is on.
 */
export function SecondFactorPolicy({ workspace, owner }: { workspace: WorkspaceSummary; owner: boolean }) {
  const mine = useSecondFactorsQuery({ skip: !owner });
  const [updatePolicy] = useWorkspacePolicyUpdateMutation();
  const [busy, setBusy] = useState(false);
  const required = workspace.requireSecondFactor;
  const ownFactorMissing = owner && mine.data?.secondFactors.totp === false;

  const change = async (requireSecondFactor: boolean) => {
    setBusy(true);
    try {
      // The answer is the workspace, normalised by id: the switcher and this page read the new value from the cache.
      await updatePolicy({ variables: { id: workspace.id, input: { requireSecondFactor } } });
      toast.success(requireSecondFactor ? 'Members now need two-factor authentication' : 'Two-factor authentication is optional again');
    } catch (error) {
      toast.error(extractErrorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (!owner) {
    return <p className="members-section__lead">{required ? 'Every member needs two-factor authentication to work here.' : 'Two-factor authentication is optional here.'}</p>;
  }
  return (
    <>
      <p className="members-section__lead" id="second-factor-policy-help">
        When it is on, members without two-factor authentication (an authenticator app or a passkey, set up in their profile) cannot open this workspace, nor can their
        API tokens, until they set it up.
      </p>
      <Switch
        role="switch"
        className="second-factor-policy__switch"
        checked={required}
        disabled={busy || (ownFactorMissing && !required)}
        label={REQUIRE_SECOND_FACTOR_LABEL}
        aria-describedby="second-factor-policy-help"
        onChange={(event) => void change(event.currentTarget.checked)}
      />
      {ownFactorMissing && !required && (
        <p className="members-section__note">
          <InfoSignIcon className="members-section__note-icon" aria-hidden />
          <span>
            Set up two-factor authentication for your own account first, in <Link to={`${profilePath}#profile-two-factor-title`}>your profile</Link>: otherwise you
            would lock yourself out.
          </span>
        </p>
      )}
    </>
  );
}
