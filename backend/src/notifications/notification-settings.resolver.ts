import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { RequestContext } from '../account/context';
import { notificationSettingsService } from './notification-settings.service';
import { NotificationSettingsInput, NotificationSettingsView } from './notification-settings.types';

/** GraphQL adapter over notificationSettingsService: the signed-in user's low-stock emails (sessions only, never a token). */
@Resolver()
export class NotificationSettingsResolver {
  @Query(() => NotificationSettingsView, { description: "The signed-in user's low-stock email settings" })
  notificationSettings(@Ctx() ctx: RequestContext) {
    return notificationSettingsService.get(ctx);
  }

  @Mutation(() => NotificationSettingsView, { description: 'Changes any of your low-stock email settings' })
  updateNotificationSettings(@Arg('input') input: NotificationSettingsInput, @Ctx() ctx: RequestContext) {
    return notificationSettingsService.update(ctx, input);
  }
}
