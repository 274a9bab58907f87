import { ChangePasswordFields, EmailChangeFields, ProfileFields } from '@stockroom/schema';
import type { ChangePasswordInput, UpdateProfileInput } from '@stockroom/schema/generated/graphql';
import type { AuthUser } from '../../lib/session';

/** The Edit Profile form: the fields of the shared ProfileFields rules, and the current password a new email needs. */
export interface ProfileFormValues {
  firstName: string;
  lastName: string;
  email: string;
  /** Asked for (and sent) only while the email differs from the stored one, and only of an account whose holder chose its password. */
  currentPassword: string;
}

/** The Change Password form: ChangePasswordFields plus the confirmation, which never leaves the browser. */
export interface PasswordFormValues {
  /** Not asked of an account whose password nobody chose (single sign-on opened it): it sets one. */
  currentPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/** Field names the server may attach a message to, per form. */
export const PROFILE_FORM_FIELDS: ReadonlySet<keyof ProfileFormValues> = new Set(
  [...Object.keys(ProfileFields), ...Object.keys(EmailChangeFields)] as Array<keyof ProfileFormValues>,
);
export const PASSWORD_FORM_FIELDS: ReadonlySet<keyof PasswordFormValues> = new Set(
  Object.keys(ChangePasswordFields) as Array<keyof PasswordFormValues>,
);

export const profileFormValuesOf = (user: Pick<AuthUser, 'firstName' | 'lastName' | 'email'>): ProfileFormValues => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  currentPassword: '',
});

/** Whether the typed address is a new one (the server lower-cases it, so case alone is no change): then the current password is needed. */
export const emailChanges = (stored: string, typed: string): boolean => typed.trim().toLowerCase() !== stored.toLowerCase();

/**
 * Names and email as the server stores them (trimmed); the server itself
 * skips what did not change. The password goes only with a new email, as
 * typed; none typed is null, for which the server takes a recent sign-in
 * or step-up instead.
 */
export const toProfileInput = (values: ProfileFormValues, stored: Pick<AuthUser, 'email'>): UpdateProfileInput => ({
  firstName: values.firstName.trim(),
  lastName: values.lastName.trim(),
  email: values.email.trim(),
  ...(emailChanges(stored.email, values.email) && { currentPassword: values.currentPassword || null }),
});

/** Passwords are sent exactly as typed: spaces may be part of one. No current one is null, as for the email. */
export const toChangePasswordInput = (values: PasswordFormValues): ChangePasswordInput => ({
  currentPassword: values.currentPassword || null,
  newPassword: values.newPassword,
});

export const EMPTY_PASSWORD_FORM: PasswordFormValues = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * The new address when the save changed the email (the server lower-cases
 * it, so case alone is no change), else null: the new address is unverified
 * and has been sent a verification link.
 */
export function changedEmail(before: Pick<AuthUser, 'email'>, after: Pick<AuthUser, 'email'>): string | null {
  return before.email.toLowerCase() === after.email.toLowerCase() ? null : after.email;
}
