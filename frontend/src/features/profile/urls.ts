import { profileEditPath } from '../../lib/urls';

export { profileEditPath };

/** The profile screens: the read-only view and the edit form. */
export const profilePath = '/profile';
