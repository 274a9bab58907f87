import { Field, InputType, ObjectType } from 'type-graphql';
import { User } from '../account/user.entity';

/* Validation lives in the service (shared rules from @stockroom/schema), not here, so REST and GraphQL answer alike. */

@ObjectType({
  description:
    'A session, or (from signIn, for an account with a second factor) `mfaRequired` with the token signInWithCode needs and no session yet. ' +
    'The session fields are set whenever mfaRequired is false, so a client that never meets a second factor reads them as before.',
})
export class AuthPayload {
  @Field(() => String, { nullable: true, description: 'Bearer token for the Authorization header; null while mfaRequired' })
  accessToken!: string | null;

  @Field(() => Date, { nullable: true, description: 'When the token and its session expire (8 hours after sign-in); null while mfaRequired' })
  expiresAt!: Date | null;

  @Field(() => User, { nullable: true, description: 'Null while mfaRequired' })
  user!: User | null;

  @Field({ description: 'True when the password was right and the sign-in waits for a second factor (signInWithCode)' })
  mfaRequired!: boolean;

  @Field(() => String, { nullable: true, description: 'For signInWithCode: single use, valid 5 minutes' })
  mfaToken!: string | null;

  @Field(() => [String], { nullable: true, description: 'The second factors the account can use: "totp" (an authenticator code), "webauthn" (a passkey: signInWithPasskey with the mfaToken) and "recovery" (a recovery code)' })
  methods!: string[] | null;
}

@InputType()
export class SignInWithCodeInput {
  @Field({ description: 'The token from signIn' }) mfaToken!: string;
  @Field({ description: 'A code from the authenticator app, or a recovery code' }) code!: string;
}

@InputType()
export class SignUpInput {
  @Field() firstName!: string;
  @Field() lastName!: string;
  @Field() email!: string;
  @Field() password!: string;
  @Field(() => String, { nullable: true, description: 'The password again, as a sign-up form asks for it; when sent it must equal password' })
  confirmPassword?: string | null;
}

@InputType()
export class SignInInput {
  @Field() email!: string;
  @Field() password!: string;
}

@InputType()
export class ForgotPasswordInput {
  @Field() email!: string;
}

@InputType()
export class ResetPasswordInput {
  @Field() email!: string;
  @Field({ description: 'The token from the emailed link' }) resetToken!: string;
  @Field() newPassword!: string;
}

@InputType()
export class VerifyEmailInput {
  @Field() email!: string;
  @Field({ description: 'The token from the emailed link' }) token!: string;
}
