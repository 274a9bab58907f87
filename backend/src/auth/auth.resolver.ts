import { Arg, Ctx, Mutation, Resolver } from 'type-graphql';
import type { RequestContext } from '../account/context';
import { accountService } from '../account/account.service';
import { MessagePayload } from '../account/account.types';
import { authService, isMfaRequired, type AuthResult, type MfaRequired } from './auth.service';
import {
  AuthPayload,
  ForgotPasswordInput,
  ResetPasswordInput,
  SignInInput,
  SignInWithCodeInput,
  SignUpInput,
  VerifyEmailInput,
} from './auth.types';
import { parseWebAuthnJson, PasskeyOptionsPayload, PasskeySignInOptionsInput, SignInWithPasskeyInput } from './passkeys/passkeys.types';

const message = (text: string): MessagePayload => ({ message: text });

const payload = (result: AuthResult | MfaRequired): AuthPayload =>
  isMfaRequired(result)
    ? { accessToken: null, expiresAt: null, user: null, mfaRequired: true, mfaToken: result.mfaToken, methods: [...result.methods] }
    : { ...result, mfaRequired: false, mfaToken: null, methods: null };

@Resolver()
export class AuthResolver {
  @Mutation(() => AuthPayload, { description: 'Create an account and sign in' })
  async signUp(@Arg('input') input: SignUpInput, @Ctx() ctx: RequestContext) {
    return payload(await authService.signUp(ctx, input));
  }

  @Mutation(() => AuthPayload, { description: 'A session; for an account with a second factor, mfaRequired and the token for signInWithCode' })
  async signIn(@Arg('input') input: SignInInput, @Ctx() ctx: RequestContext) {
    return payload(await authService.signIn(ctx, input));
  }

  @Mutation(() => AuthPayload, { description: "Sign-in's second step: the token from signIn and an authenticator or recovery code" })
  async signInWithCode(@Arg('input') input: SignInWithCodeInput, @Ctx() ctx: RequestContext) {
    return payload(await authService.signInWithCode(ctx, input));
  }

  @Mutation(() => PasskeyOptionsPayload, { description: "Options for signing in with a passkey: any of this site's instead of the password, or (with the mfaToken of signIn) the account's as the second factor" })
  async passkeySignInOptions(@Arg('input', () => PasskeySignInOptionsInput, { nullable: true }) input: PasskeySignInOptionsInput | null, @Ctx() ctx: RequestContext) {
    return { optionsJson: JSON.stringify(await authService.passkeyOptions(ctx, { mfaToken: input?.mfaToken })) };
  }

  @Mutation(() => AuthPayload, { description: "Sign in with a passkey's answer to passkeySignInOptions: instead of the password, or with the mfaToken as the second factor" })
  async signInWithPasskey(@Arg('input') input: SignInWithPasskeyInput, @Ctx() ctx: RequestContext) {
    return payload(await authService.signInWithPasskey(ctx, { mfaToken: input.mfaToken, assertion: parseWebAuthnJson(input.assertionJson, 'assertion') }));
  }

  @Mutation(() => MessagePayload, { description: "Revoke the caller's session" })
  async signOut(@Ctx() ctx: RequestContext) {
    return message(await authService.signOut(ctx));
  }

  @Mutation(() => MessagePayload, { description: 'Email a password reset link (same answer whether or not the account exists)' })
  async forgotPassword(@Arg('input') input: ForgotPasswordInput, @Ctx() ctx: RequestContext) {
    return message(await authService.forgotPassword(ctx, input));
  }

  @Mutation(() => MessagePayload)
  async resetPassword(@Arg('input') input: ResetPasswordInput, @Ctx() ctx: RequestContext) {
    return message(await authService.resetPassword(ctx, input));
  }

  @Mutation(() => MessagePayload)
  async verifyEmail(@Arg('input') input: VerifyEmailInput, @Ctx() ctx: RequestContext) {
    return message(await accountService.verifyEmail(ctx, input));
  }

  @Mutation(() => MessagePayload, { description: 'Email a new verification link to the signed-in user' })
  async resendVerification(@Ctx() ctx: RequestContext) {
    return message(await accountService.resendVerification(ctx));
  }
}
