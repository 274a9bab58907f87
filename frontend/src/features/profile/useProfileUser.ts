import { useAuth, type AuthUser } from '../../lib/session';

export type ProfileUserState =
  | { status: 'ready'; user: AuthUser }
  | { status: 'loading' }
  | { status: 'failed'; retry(): void };

/**
 * The signed-in user the profile screens show: the auth state's, the same
 * object the header reads. A restored session shows a placeholder (empty id)
 * until its profile loads, and keeps it if the load fails (the session stays
 * signed in); these
 * screens then wait, or offer to try again, rather than edit "Unknown User".
 */
export function useProfileUser(): ProfileUserState {
  const { state, reloadProfile } = useAuth();
  const user = state.user;
  if (user && user.id !== '') return { status: 'ready', user };
  if (state.loading) return { status: 'loading' };
  return { status: 'failed', retry: () => void reloadProfile() };
}
