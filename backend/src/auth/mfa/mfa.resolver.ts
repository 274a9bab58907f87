import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../account/context';
import { MessagePayload } from '../../account/account.types';
import { parseWebAuthnJson, PasskeyOptionsPayload } from '../passkeys/passkeys.types';
import { mfaService } from './mfa.service';
import { DisableTotpInput, RecoveryCodesPayload, SecondFactorStatus, StepUpInput, StepUpPayload, TotpSetupPayload, VerificationCodeInput } from './mfa.types';

@Resolver()
export class MfaResolver {
  @Query(() => SecondFactorStatus, { description: "The signed-in account's second factors" })
  secondFactors(@Ctx() ctx: RequestContext) {
    return mfaService.status(ctx);
  }

  @Mutation(() => TotpSetupPayload, { description: 'Start setting up an authenticator app; on once confirmTotp gets its first code' })
  setUpTotp(@Ctx() ctx: RequestContext) {
    return mfaService.setUpTotp(ctx);
  }

  @Mutation(() => RecoveryCodesPayload, { description: 'Turn the authenticator on with its first code; returns ten recovery codes, shown this once' })
  async confirmTotp(@Arg('input') input: VerificationCodeInput, @Ctx() ctx: RequestContext) {
    return { recoveryCodes: await mfaService.confirmTotp(ctx, input) };
  }

  @Mutation(() => RecoveryCodesPayload, { description: 'Ten new recovery codes for a current authenticator code; the earlier ones stop working' })
  async regenerateRecoveryCodes(@Arg('input') input: VerificationCodeInput, @Ctx() ctx: RequestContext) {
    return { recoveryCodes: await mfaService.regenerateRecoveryCodes(ctx, input) };
  }

  @Mutation(() => PasskeyOptionsPayload, { description: "Options for confirming it is you with one of your passkeys; answer with stepUp's assertionJson" })
  async passkeyStepUpOptions(@Ctx() ctx: RequestContext) {
    return { optionsJson: JSON.stringify(await mfaService.passkeyStepUpOptions(ctx)) };
  }

  @Mutation(() => StepUpPayload, { description: 'Confirm it is you (the password, a code or a passkey) before a sensitive action: a new API token or webhook, adding or removing a passkey, and changing the email or password or turning the authenticator off without the password' })
  async stepUp(@Arg('input') input: StepUpInput, @Ctx() ctx: RequestContext) {
    const { assertionJson, ...proof } = input;
    const assertion = typeof assertionJson === 'string' ? parseWebAuthnJson(assertionJson, 'assertion') : undefined;
    return { verifiedUntil: await mfaService.stepUp(ctx, { ...proof, assertion }) };
  }

  @Mutation(() => MessagePayload, { description: 'Turn the authenticator off: the password and a code (or a recovery code)' })
  async disableTotp(@Arg('input') input: DisableTotpInput, @Ctx() ctx: RequestContext) {
    return { message: await mfaService.disableTotp(ctx, input) };
  }
}
