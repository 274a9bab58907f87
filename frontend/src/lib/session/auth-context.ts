import { createContext } from 'react';
import type { ForgotPasswordInput, ResetPasswordInput, SignInInput, SignInWithCodeInput, SignUpInput } from '@stockroom/schema/generated/graphql';
import type { FlowResult } from './auth-flows';
import type { AuthState, AuthUser } from './auth-state';

export interface AuthContextValue {
  state: AuthState;
  /** Runs initialization once; later calls while it runs or after it finished do nothing. */
  initialize(): void;
  /** `codeNeeded` in the result: the password was right and the account asks for a second factor (signInWithCode). */
  signIn(input: SignInInput): Promise<FlowResult>;
  signInWithCode(input: SignInWithCodeInput): Promise<FlowResult>;
  signUp(input: SignUpInput): Promise<FlowResult>;
  /** Stores and shows a session opened elsewhere (single sign-on), as a sign-in does. */
  signInWith(call: () => Promise<{ accessToken: string; user: AuthUser }>): Promise<FlowResult>;
  signOut(): Promise<void>;
  forgotPassword(input: ForgotPasswordInput): Promise<FlowResult>;
  resetPassword(input: ResetPasswordInput): Promise<FlowResult>;
  reloadProfile(): Promise<void>;
  /** Shows the server's answer to a change of the user's own account (name, email, avatar) everywhere at once. */
  profileUpdated(user: AuthUser): void;
  clearError(): void;
  clearMessage(): void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);
