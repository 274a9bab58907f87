import { authPath, forgotPasswordPath, signInPath, signUpPath } from '../../lib/urls';

export { authPath, forgotPasswordPath, signInPath, signUpPath };

export const resetPasswordPath = `${authPath}/reset-password`;
export const verifyEmailPath = `${authPath}/verify-email`;

/** The server route the "Sign in with …" button goes to, which sends the browser on to the provider. */
export { SINGLE_SIGN_ON_START_PATH as singleSignOnStartPath } from '@stockroom/schema';
