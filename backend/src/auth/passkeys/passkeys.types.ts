import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { ValidationMessages } from '@stockroom/schema';
import { ValidationError } from '../../common/errors';

@ObjectType('Passkey', { description: "One of the signed-in account's passkeys; its key stays on the server" })
export class PasskeyObject {
  @Field(() => ID) id!: string;
  @Field() name!: string;
  @Field(() => [String], { description: 'How a browser may reach the authenticator: internal, usb, nfc, ble, hybrid…' }) transports!: string[];
  @Field() createdAt!: Date;
  @Field(() => Date, { nullable: true, description: 'The last sign-in with it; null: never used' }) lastUsedAt!: Date | null;
}

@ObjectType()
export class PasskeyOptionsPayload {
  @Field({ description: 'The WebAuthn options as JSON text (…OptionsJSON), for @simplewebauthn/browser or navigator.credentials; the challenge is single use, for 5 minutes' })
  optionsJson!: string;
}

@InputType()
export class AddPasskeyInput {
  @Field({ description: 'What to call it ("Work laptop")' }) name!: string;
  @Field({ description: "The browser's answer to passkeyRegistrationOptions (RegistrationResponseJSON) as JSON text" }) attestationJson!: string;
}

@InputType()
export class RenamePasskeyInput {
  @Field(() => ID) id!: string;
  @Field() name!: string;
}

@InputType()
export class PasskeySignInOptionsInput {
  @Field(() => String, { nullable: true, description: "The token from signIn, for the account's passkeys as the second factor; left out: any passkey instead of the password" })
  mfaToken?: string | null;
}

@InputType()
export class SignInWithPasskeyInput {
  @Field(() => String, { nullable: true, description: 'The token from signIn when the passkey is the second factor' }) mfaToken?: string | null;
  @Field({ description: "The browser's answer to passkeySignInOptions (AuthenticationResponseJSON) as JSON text" }) assertionJson!: string;
}

/** A WebAuthn JSON text from GraphQL as its value, or a 400 on `field`. */
export function parseWebAuthnJson(text: string, field: string): unknown {
  if (text.length > 100_000) throw new ValidationError({ [field]: ValidationMessages.invalidFormat('Passkey response') });
  try {
    return JSON.parse(text);
  } catch {
    throw new ValidationError({ [field]: ValidationMessages.invalidFormat('Passkey response') });
  }
}
