import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../../account/context';
import { MessagePayload } from '../../account/account.types';
import { passkeysService } from './passkeys.service';
import { AddPasskeyInput, parseWebAuthnJson, PasskeyObject, PasskeyOptionsPayload, RenamePasskeyInput } from './passkeys.types';

@Resolver()
export class PasskeysResolver {
  @Query(() => [PasskeyObject], { description: "The signed-in account's passkeys" })
  passkeys(@Ctx() ctx: RequestContext) {
    return passkeysService.list(ctx);
  }

  @Mutation(() => PasskeyOptionsPayload, { description: 'Options for adding a passkey (needs step-up); answer with addPasskey' })
  async passkeyRegistrationOptions(@Ctx() ctx: RequestContext) {
    return { optionsJson: JSON.stringify(await passkeysService.registrationOptions(ctx)) };
  }

  @Mutation(() => PasskeyObject, { description: 'Add the passkey the browser made, under a name (needs step-up); emailed and listed in the activity' })
  addPasskey(@Arg('input') input: AddPasskeyInput, @Ctx() ctx: RequestContext) {
    return passkeysService.add(ctx, { name: input.name, attestation: parseWebAuthnJson(input.attestationJson, 'attestation') });
  }

  @Mutation(() => PasskeyObject, { description: 'Rename one of your passkeys' })
  renamePasskey(@Arg('input') input: RenamePasskeyInput, @Ctx() ctx: RequestContext) {
    return passkeysService.rename(ctx, input.id, { name: input.name });
  }

  @Mutation(() => MessagePayload, { description: 'Remove one of your passkeys (needs step-up); emailed and listed in the activity' })
  async removePasskey(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return { message: await passkeysService.remove(ctx, id) };
  }
}
