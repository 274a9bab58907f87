import { Field, InputType, ObjectType } from 'type-graphql';
import { User } from '../account/user.entity';

/* Validation lives in the service (shared rules from @stockroom/schema), not here, so REST and GraphQL answer alike. */

@ObjectType()
export class AuthPayload {
  @Field({ description: 'Bearer token for the Authorization header' })
  accessToken!: string;

  @Field({ description: 'When the token and its session expire (8 hours after sign-in)' })
  expiresAt!: Date;

  @Field(() => User)
  user!: User;
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
