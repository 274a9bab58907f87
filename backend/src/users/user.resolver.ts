import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { MessagePayload } from '../account/account.types';
import { requireCaller } from '../account/viewer';
import type { RequestContext } from '../account/context';
import { User } from '../account/user.entity';
import { userService } from './user.service';
import { AdminStats, ChangePasswordInput, PublicProfile, UpdateProfileInput, UpdateUserInput, UserListInput, UserPage } from './user.types';

/** GraphQL adapter over userService: the caller's own account, public profiles, and the admin's view of every account. */
@Resolver(() => User)
export class UserResolver {
  @Query(() => User, { description: 'The signed-in user (also the owner of a personal access token)' })
  async me(@Ctx() ctx: RequestContext) {
    return (await requireCaller(ctx, 'read')).user;
  }

  @Query(() => User, { description: 'A whole account: your own, or any for an admin (FORBIDDEN otherwise)' })
  user(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return userService.get(ctx, id);
  }

  @Query(() => UserPage, { description: 'Admins only: every account, newest first' })
  users(@Arg('query', () => UserListInput, { nullable: true }) query: UserListInput | undefined, @Ctx() ctx: RequestContext) {
    return userService.list(ctx, query ?? {});
  }

  @Query(() => PublicProfile, { description: "An active account's public profile; no sign-in needed" })
  publicProfile(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return userService.publicProfile(ctx, id);
  }

  @Query(() => AdminStats, { description: 'Admins only' })
  adminStats(@Ctx() ctx: RequestContext) {
    return userService.adminStats(ctx);
  }

  @Mutation(() => User, { description: "The signed-in user's own name and email" })
  updateProfile(@Arg('input') input: UpdateProfileInput, @Ctx() ctx: RequestContext) {
    return userService.updateProfile(ctx, input);
  }

  @Mutation(() => User, { description: "Your own account, or anyone's for an admin; role and status only for an admin, never their own" })
  updateUser(@Arg('id', () => ID) id: string, @Arg('input') input: UpdateUserInput, @Ctx() ctx: RequestContext) {
    return userService.update(ctx, id, input);
  }

  @Mutation(() => MessagePayload, { description: 'Deactivates an account (status Inactive, every session revoked): your own, or any for an admin' })
  async deactivateUser(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return { message: await userService.deactivate(ctx, id) };
  }

  @Mutation(() => User, { description: "Removes an account's avatar and its file: your own, or any for an admin" })
  removeAvatar(@Arg('id', () => ID) id: string, @Ctx() ctx: RequestContext) {
    return userService.setAvatar(ctx, id, null);
  }

  @Mutation(() => MessagePayload, { description: "Changes the signed-in user's password; every other session is signed out" })
  async changePassword(@Arg('input') input: ChangePasswordInput, @Ctx() ctx: RequestContext) {
    return { message: await userService.changePassword(ctx, input) };
  }
}
