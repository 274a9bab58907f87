import { Field, InputType, Int, ObjectType } from 'type-graphql';

@ObjectType({ description: "The signed-in account's second factors" })
export class SecondFactorStatus {
  @Field({ description: 'Sign-in asks for an authenticator code' }) totp!: boolean;
  @Field(() => Int, { description: 'Recovery codes not used yet (0 without an authenticator)' }) recoveryCodesLeft!: number;
  @Field({ description: "Whether the holder chose the account's password; false for an account single sign-on opened, until one is set" }) passwordSet!: boolean;
}

@ObjectType()
export class TotpSetupPayload {
  @Field({ description: 'The base32 secret, for typing into an app; in this answer only' }) secret!: string;
  @Field({ description: 'The otpauth:// URL a QR code carries' }) otpauthUrl!: string;
}

@ObjectType()
export class RecoveryCodesPayload {
  @Field(() => [String], { description: 'Ten one-time codes, shown this once' }) recoveryCodes!: string[];
}

@InputType()
export class VerificationCodeInput {
  @Field({ description: 'A code from the authenticator app' }) code!: string;
}

@InputType()
export class DisableTotpInput {
  @Field(() => String, { nullable: true, description: 'The password; left out, a sign-in or step-up within the last 10 minutes stands for it' }) password?: string | null;
  @Field({ description: 'A code from the authenticator app, or a recovery code' }) code!: string;
}

@InputType()
export class StepUpInput {
  @Field(() => String, { nullable: true, description: 'The password, or leave it out and send a code' }) password?: string | null;
  @Field(() => String, { nullable: true, description: 'A code from the authenticator app, or a recovery code' }) code?: string | null;
  @Field(() => String, { nullable: true, description: "Or a passkey's answer to passkeyStepUpOptions (AuthenticationResponseJSON) as JSON text" }) assertionJson?: string | null;
}

@ObjectType()
export class StepUpPayload {
  @Field({ description: 'New API tokens and webhooks may be made in this session until then (10 minutes)' }) verifiedUntil!: Date;
}
