import { profileEditPath } from '../../lib/urls';

export { profileEditPath };

/** The profile screens: the read-only view (a path the server's mails link to too) and the edit form. */
export { profilePath } from '@stockroom/schema';
