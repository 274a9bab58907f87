import { LoadError } from '../../../components/LoadError';
import { LoadingScreen } from '../../../components/LoadingScreen';
import type { ProfileUserState } from '../useProfileUser';

/** The profile of a restored session could not be read. */
const PROFILE_LOAD_FAILED = 'Your profile could not be loaded.';

/** What the profile screens show until the signed-in user's profile is there. */
export function ProfileLoadState({ state }: { state: Exclude<ProfileUserState, { status: 'ready' }> }) {
  if (state.status === 'loading') return <LoadingScreen label="Loading profile" />;
  return <LoadError message={PROFILE_LOAD_FAILED} onRetry={state.retry} />;
}
