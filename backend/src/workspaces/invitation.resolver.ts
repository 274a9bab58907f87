import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../account/context';
import { invitationService } from './invitation.service';
import { AcceptedInvitationView, InvitationPreviewView, InvitationView } from './invitation.types';
import { WorkspaceRole } from './workspace.types';

/** GraphQL adapter over invitationService: managing a workspace's invitations (sessions), reading and accepting one by its link's token. */
@Resolver()
export class InvitationResolver {
  @Query(() => [InvitationView], { description: "A workspace's pending invitations, newest first (admins)" })
  invitations(@Arg('workspaceId', () => ID) workspaceId: string, @Ctx() ctx: RequestContext) {
    return invitationService.list(ctx, workspaceId);
  }

  @Query(() => InvitationPreviewView, { description: "What an invitation's link shows, signed in or not; a link no longer valid is GONE" })
  invitation(@Arg('token') token: string, @Ctx() ctx: RequestContext) {
    return invitationService.preview(ctx, token);
  }

  @Mutation(() => InvitationView, { description: 'Invites an address with a role and mails it a link; an open invitation to the address is renewed and mailed again' })
  inviteMember(
    @Arg('workspaceId', () => ID) workspaceId: string,
    @Arg('email') email: string,
    @Arg('role', () => WorkspaceRole) role: string,
    @Ctx() ctx: RequestContext,
  ) {
    return invitationService.invite(ctx, workspaceId, { email, role });
  }

  @Mutation(() => ID, { description: 'Revokes a pending invitation; answers its id' })
  revokeInvitation(@Arg('workspaceId', () => ID) workspaceId: string, @Arg('invitationId', () => ID) invitationId: string, @Ctx() ctx: RequestContext) {
    return invitationService.revoke(ctx, workspaceId, invitationId);
  }

  @Mutation(() => InvitationView, { description: 'Mails an invitation again with a new link and a new week; the old link stops working' })
  resendInvitation(@Arg('workspaceId', () => ID) workspaceId: string, @Arg('invitationId', () => ID) invitationId: string, @Ctx() ctx: RequestContext) {
    return invitationService.resend(ctx, workspaceId, invitationId);
  }

  @Mutation(() => AcceptedInvitationView, { description: 'Accepts an invitation as the signed-in account with the invited address' })
  acceptInvitation(@Arg('token') token: string, @Ctx() ctx: RequestContext) {
    return invitationService.accept(ctx, token);
  }
}
