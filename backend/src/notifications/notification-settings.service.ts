import { LockMode } from '@mikro-orm/core';
import { NOTIFICATION_DEFAULTS, NotificationMessages, canonicalTimeZone, validateNotificationSettings, type LowStockEmailMode, type NotificationSettingsInput } from '@stockroom/schema';
import type { RequestContext } from '../account/context';
import { requireMember } from '../account/workspace-access';
import { assertValid, DomainError } from '../common/errors';
import { log } from '../common/log';
import { runStatement } from '../db/sql';
import { NotificationSettings } from './notification-settings.entity';
import { dropPendingAlertsStatement, ensureSettingsStatement } from './stock-alert.queries';

export interface NotificationSettingsValues {
  lowStockEmails: LowStockEmailMode;
  digestHour: number;
  /** null until the user picks one; digests then use UTC. */
  timeZone: string | null;
}

const valuesOf = (settings: NotificationSettings | null): NotificationSettingsValues =>
  settings
    ? { lowStockEmails: settings.lowStockEmails, digestHour: settings.digestHour, timeZone: settings.timeZone ?? null }
    : { lowStockEmails: NOTIFICATION_DEFAULTS.lowStockEmails, digestHour: NOTIFICATION_DEFAULTS.digestHour, timeZone: null };

/*
 * The settings belong to the request's workspace and are mailed to its first
 * owner. Both methods need a session and a role that manages the workspace's
 * settings (requireMember): a personal access token may not read or change
 * them, as with the password, the email and the tokens themselves.
 */
export const notificationSettingsService = {
  /** The caller's low-stock email settings; the defaults (NEVER) until they save any. */
  async get(ctx: RequestContext): Promise<NotificationSettingsValues> {
    const { workspaceId } = await requireMember(ctx, 'manageSettings');
    return valuesOf(await ctx.em.findOne(NotificationSettings, { workspace: workspaceId }));
  },

  /**
   * Changes any of the caller's settings. The time zone is stored as Intl
   * names it (`us/eastern` becomes America/New_York). Turning the digest off
   * drops the crossings it was collecting: they would never be sent.
   */
  async update(ctx: RequestContext, input: NotificationSettingsInput): Promise<NotificationSettingsValues> {
    const { workspaceId } = await requireMember(ctx, 'manageSettings');
    assertValid(validateNotificationSettings(input));
    try {
      return await ctx.em.transactional(async (em) => {
        // The row made if missing, then locked: two first saves at once both find it instead of both inserting it.
        await runStatement(em, ensureSettingsStatement(workspaceId));
        const settings = await em.findOneOrFail(NotificationSettings, { workspace: workspaceId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
        if (input.lowStockEmails !== undefined) settings.lowStockEmails = input.lowStockEmails as LowStockEmailMode;
        if (input.digestHour !== undefined) settings.digestHour = input.digestHour as number;
        if (input.timeZone !== undefined) settings.timeZone = canonicalTimeZone((input.timeZone as string).trim());
        await em.flush();
        if (settings.lowStockEmails !== 'DAILY_DIGEST') await runStatement(em, dropPendingAlertsStatement(workspaceId));
        return valuesOf(settings);
      });
    } catch (error) {
      log.error({ err: error }, `[notifications] ${NotificationMessages.saveFailed} (unexpected error)`);
      throw new DomainError('INTERNAL_SERVER_ERROR', NotificationMessages.saveFailed);
    }
  },
};
