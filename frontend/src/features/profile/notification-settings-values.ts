import { NOTIFICATION_DEFAULTS, supportedTimeZones, type LowStockEmailMode } from '@stockroom/schema';

/** The Notifications card's form: the hour as the select holds it (text). */
export interface NotificationFormValues {
  lowStockEmails: LowStockEmailMode;
  digestHour: string;
  timeZone: string;
}

export interface StoredNotificationSettings {
  lowStockEmails: LowStockEmailMode;
  digestHour: number;
  timeZone: string | null;
}

/** The zone this browser is in, if the list offers it; otherwise UTC. */
export function browserTimeZone(zones: readonly string[] = supportedTimeZones()): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return zone && zones.includes(zone) ? zone : NOTIFICATION_DEFAULTS.timeZone;
}

/** The form's starting values: a user who never chose a zone starts with the browser's, saved with their first save. */
export function notificationFormValuesOf(settings: StoredNotificationSettings, defaultZone = browserTimeZone()): NotificationFormValues {
  return { lowStockEmails: settings.lowStockEmails, digestHour: String(settings.digestHour), timeZone: settings.timeZone ?? defaultZone };
}

/** What a save sends: every field, so the first save stores the zone the form showed. */
export const toNotificationSettingsInput = (values: NotificationFormValues) => ({
  lowStockEmails: values.lowStockEmails,
  digestHour: Number(values.digestHour),
  timeZone: values.timeZone,
});

/** '08:00' for 8: how the hour select names each hour. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;
