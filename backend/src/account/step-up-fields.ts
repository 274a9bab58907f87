import { ChangePasswordFields, DisableTotpFields, EmailChangeFields, type TextRule } from '@stockroom/schema';

/** A form's password rule as a request takes it: left out, null or blank, a sign-in or step-up in the last 10 minutes stands for it. */
const passwordOrStepUp = (rule: TextRule): TextRule => ({ ...rule, required: false, nullable: true });

/*
 * The forms ask for the password whenever the account has one its holder
 * chose (the shared rules require it); the server also takes these requests
 * without it, so that an account single sign-on opened, whose password
 * nobody knows, confirms it is its holder another way.
 */

/** Changing the password: the current one (or a recent step-up) and the new one. */
export const ChangePasswordRequest = { ...ChangePasswordFields, currentPassword: passwordOrStepUp(ChangePasswordFields.currentPassword) };
/** What a new email needs besides the address: the caller's own password (or a recent step-up). */
export const EmailChangeRequest = { currentPassword: passwordOrStepUp(EmailChangeFields.currentPassword) };
/** Turning the authenticator off: a code, and the password (or a recent step-up). */
export const DisableTotpRequest = { ...DisableTotpFields, password: passwordOrStepUp(DisableTotpFields.password) };
