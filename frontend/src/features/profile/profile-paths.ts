/** The profile screens of section 2. */
export const PROFILE_PATH = '/profile';
export const PROFILE_EDIT_PATH = '/profile/edit';
