import { authPath, forgotPasswordPath, signInPath, signUpPath } from '../../lib/urls';

export { authPath, forgotPasswordPath, signInPath, signUpPath };

export const resetPasswordPath = `${authPath}/reset-password`;
export const verifyEmailPath = `${authPath}/verify-email`;
