import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../account/context';
import { workspaceService } from './workspace.service';
import { MemberView, WorkspaceInput, WorkspacePolicyInput, WorkspaceRole, WorkspaceView } from './workspace.types';

/** GraphQL adapter over workspaceService: the caller's workspaces and their members (sessions only). */
@Resolver()
export class WorkspaceResolver {
  @Query(() => [WorkspaceView], { description: "The caller's workspaces with their role in each, the personal one first" })
  workspaces(@Ctx() ctx: RequestContext) {
    return workspaceService.list(ctx);
  }

  @Query(() => WorkspaceView, { description: 'One of your workspaces' })
  workspace(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return workspaceService.get(ctx, id);
  }

  @Query(() => [MemberView], { description: "A workspace's members, owners first" })
  members(@Arg('workspaceId', () => ID) workspaceId: string, @Ctx() ctx: RequestContext) {
    return workspaceService.members(ctx, workspaceId);
  }

  @Mutation(() => WorkspaceView, { description: 'Creates a shared workspace with you as its owner' })
  createWorkspace(@Arg('input') input: WorkspaceInput, @Ctx() ctx: RequestContext) {
    return workspaceService.create(ctx, input);
  }

  @Mutation(() => WorkspaceView, { description: 'Renames a workspace (owners)' })
  updateWorkspace(@Arg('id', () => ID) id: string, @Arg('input') input: WorkspaceInput, @Ctx() ctx: RequestContext) {
    return workspaceService.rename(ctx, id, input);
  }

  @Mutation(() => WorkspaceView, {
    description: 'Requires a second factor of every member, or stops requiring it (owners; turning it on needs a second factor of your own, else CONFLICT)',
  })
  updateWorkspacePolicy(@Arg('id', () => ID) id: string, @Arg('input') input: WorkspacePolicyInput, @Ctx() ctx: RequestContext) {
    return workspaceService.setPolicy(ctx, id, input);
  }

  @Mutation(() => ID, { description: 'Deletes a shared workspace and everything in it (owners); a personal one is never deleted' })
  deleteWorkspace(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return workspaceService.remove(ctx, id);
  }

  @Mutation(() => MemberView, { description: "Changes a member's role: admins for members other than owners, owners for anyone" })
  updateMember(
    @Arg('workspaceId', () => ID) workspaceId: string,
    @Arg('userId', () => ID) userId: string,
    @Arg('role', () => WorkspaceRole) role: string,
    @Ctx() ctx: RequestContext,
  ) {
    return workspaceService.updateMember(ctx, workspaceId, userId, { role });
  }

  @Mutation(() => ID, { description: 'Removes a member (your own id: you leave); answers their id' })
  removeMember(@Arg('workspaceId', () => ID) workspaceId: string, @Arg('userId', () => ID) userId: string, @Ctx() ctx: RequestContext) {
    return workspaceService.removeMember(ctx, workspaceId, userId);
  }
}
