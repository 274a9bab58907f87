import { ValidationMessages } from './messages';
import { validateField, type ChoiceRule, type FieldErrors, type NumberRule, type TextRule } from './validation';

/**
 * Low-stock emails: whether and when a user hears of their products running
 * low or out. Off until the user turns them on: nobody gets mail they did not
 * ask for, and a shop with hundreds of reorder levels is not flooded the day
 * the feature arrives.
 */

/** Never; one email per crossing, as it happens; or one email a day at the user's chosen local hour. */
export const LOW_STOCK_EMAIL_MODES = ['NEVER', 'IMMEDIATE', 'DAILY_DIGEST'] as const;
export type LowStockEmailMode = (typeof LOW_STOCK_EMAIL_MODES)[number];

/** What a user who never saved their settings has. */
export const NOTIFICATION_DEFAULTS = { lowStockEmails: 'NEVER', digestHour: 8, timeZone: 'UTC' } as const satisfies {
  lowStockEmails: LowStockEmailMode;
  digestHour: number;
  timeZone: string;
};

/** The longest IANA zone name is 32 characters (America/Argentina/ComodRivadavia); the cap only bounds input. */
export const TIME_ZONE_MAX_LENGTH = 64;

export const NotificationMessages = {
  saved: 'Notification settings saved',
  saveFailed: 'Failed to save notification settings',
  timeZoneUnknown: 'Time zone must be an IANA time zone name, such as Europe/Paris',
  modeInvalid: `Low-stock emails must be one of ${LOW_STOCK_EMAIL_MODES.join(', ')}`,
  /** What each choice means, as the profile and the API document say it. */
  modes: {
    NEVER: 'Never',
    IMMEDIATE: 'Immediately, one email each time a product runs low or out',
    DAILY_DIGEST: 'Once a day, a digest at the hour I choose',
  } satisfies Record<LowStockEmailMode, string>,
} as const;

export const NotificationSettingsFields = {
  lowStockEmails: { kind: 'choice', label: 'Low-stock emails', required: false, options: LOW_STOCK_EMAIL_MODES } satisfies ChoiceRule,
  digestHour: { kind: 'number', label: 'Digest hour', required: false, min: 0, max: 23, integer: true } satisfies NumberRule,
  timeZone: { kind: 'text', label: 'Time zone', required: false, min: 1, max: TIME_ZONE_MAX_LENGTH } satisfies TextRule,
};

/** 'UTC' is a zone every runtime knows yet Intl.supportedValuesOf leaves out (it lists geographic zones only). */
const ALWAYS_KNOWN_ZONES = ['UTC'];

/** The zones a user may pick from: UTC first, then every zone this runtime's Intl knows. */
export function supportedTimeZones(): string[] {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  const zones = intl.supportedValuesOf?.('timeZone') ?? [];
  return [...ALWAYS_KNOWN_ZONES, ...zones.filter((zone) => !ALWAYS_KNOWN_ZONES.includes(zone))];
}

/**
 * The canonical IANA name of a zone (`us/eastern` is `America/New_York`), or
 * undefined when Intl does not know it. A fixed offset such as `+02:00`, which
 * recent runtimes also accept, is refused: it would miss its summer time.
 */
export function canonicalTimeZone(value: string): string | undefined {
  let resolved: string;
  try {
    resolved = new Intl.DateTimeFormat('en-US', { timeZone: value }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
  if (resolved === 'Etc/UTC' || resolved === 'Etc/GMT') return 'UTC';
  return /^[A-Za-z]/.test(resolved) ? resolved : undefined;
}

/** The hour of the day (0-23) it is at `instant` in `timeZone`. */
export function localHourOf(instant: Date, timeZone: string): number {
  const hour = new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).formatToParts(instant).find((part) => part.type === 'hour');
  return Number(hour?.value) % 24;
}

export interface NotificationSettingsInput {
  lowStockEmails?: unknown;
  digestHour?: unknown;
  timeZone?: unknown;
}

/** Every field sent that fails its rule (each may be left out: it keeps its value); null is refused like any wrong value. */
export function validateNotificationSettings(input: NotificationSettingsInput): FieldErrors {
  const errors: FieldErrors = {};
  for (const [key, rule] of Object.entries(NotificationSettingsFields)) {
    const value = input[key as keyof NotificationSettingsInput];
    if (value === undefined) continue;
    const message = validateField(rule, value);
    if (message) errors[key] = message;
  }
  if (errors.lowStockEmails && input.lowStockEmails !== null) errors.lowStockEmails = NotificationMessages.modeInvalid;
  if (!errors.digestHour && typeof input.digestHour === 'string') errors.digestHour = ValidationMessages.number('Digest hour');
  if (!errors.timeZone && typeof input.timeZone === 'string' && !canonicalTimeZone(input.timeZone.trim())) errors.timeZone = NotificationMessages.timeZoneUnknown;
  return errors;
}
