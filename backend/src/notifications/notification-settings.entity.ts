import { Check, Entity, Enum, OneToOne, OptionalProps, Property } from '@mikro-orm/core';
import { LOW_STOCK_EMAIL_MODES, NOTIFICATION_DEFAULTS, NotificationSettingsFields, TIME_ZONE_MAX_LENGTH, type LowStockEmailMode } from '@stockroom/schema';
import { Workspace } from '../account/workspace.entity';

/**
 * A workspace's low-stock email settings, mailed to its first owner. A
 * workspace without a row has the defaults (NEVER), so no existing account
 * starts getting mail it did not ask for.
 */
@Entity({ tableName: 'notification_settings' })
@Check({
  name: 'notification_settings_digest_hour_check',
  expression: `"digest_hour" >= ${NotificationSettingsFields.digestHour.min} and "digest_hour" <= ${NotificationSettingsFields.digestHour.max}`,
})
export class NotificationSettings {
  [OptionalProps]?: 'lowStockEmails' | 'digestHour' | 'timeZone' | 'lastDigestAt' | 'updatedAt';

  @OneToOne({ entity: () => Workspace, primary: true, owner: true, deleteRule: 'cascade' })
  workspace!: Workspace;

  @Enum({ items: () => [...LOW_STOCK_EMAIL_MODES], default: NOTIFICATION_DEFAULTS.lowStockEmails })
  lowStockEmails: LowStockEmailMode = NOTIFICATION_DEFAULTS.lowStockEmails;

  /** The local hour (0-23) a daily digest goes out at. */
  @Property({ type: 'smallint', default: NOTIFICATION_DEFAULTS.digestHour })
  digestHour: number = NOTIFICATION_DEFAULTS.digestHour;

  /** An IANA zone, canonical as Intl names it; null until the user picks one (digests then use UTC). */
  @Property({ length: TIME_ZONE_MAX_LENGTH, nullable: true })
  timeZone?: string | null;

  /** When the last digest was claimed: a second run within the same day (another instance, a repeated hour when clocks go back) finds it and sends nothing. */
  @Property({ type: 'datetime', nullable: true })
  lastDigestAt?: Date | null;

  @Property({ defaultRaw: 'now()', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
