import { canonicalTimeZone, localHourOf, supportedTimeZones, validateNotificationSettings } from './notifications';

describe('low-stock email rules', () => {
  it('canonicalise a zone as Intl names it, and refuse unknown zones and fixed offsets', () => {
    expect(canonicalTimeZone('us/eastern')).toBe('America/New_York');
    expect(canonicalTimeZone('utc')).toBe('UTC');
    expect(canonicalTimeZone('Etc/UTC')).toBe('UTC');
    expect(canonicalTimeZone('Europe/Paris')).toBe('Europe/Paris');
    for (const zone of ['Mars/Olympus_Mons', '+02:00', '', 'Europe/Paris\u0000']) expect(canonicalTimeZone(zone)).toBeUndefined();
  });

  it('give the local hour of an instant, half-hour offsets and summer time included', () => {
    expect(localHourOf(new Date('2026-11-26T03:30:00Z'), 'Asia/Kolkata')).toBe(9);
    expect(localHourOf(new Date('2026-07-01T16:00:00Z'), 'Europe/Paris')).toBe(18);
    expect(localHourOf(new Date('2026-01-01T16:00:00Z'), 'Europe/Paris')).toBe(17);
    expect(localHourOf(new Date('2026-01-01T00:00:00Z'), 'UTC')).toBe(0);
  });

  it('offer UTC first and every zone once', () => {
    const zones = supportedTimeZones();
    expect(zones[0]).toBe('UTC');
    expect(new Set(zones).size).toBe(zones.length);
    expect(zones).toContain('Europe/Paris');
  });

  it('accept any subset of valid fields and name each wrong one', () => {
    expect(validateNotificationSettings({})).toEqual({});
    expect(validateNotificationSettings({ lowStockEmails: 'DAILY_DIGEST', digestHour: 0, timeZone: 'Europe/Paris' })).toEqual({});
    expect(validateNotificationSettings({ lowStockEmails: 'sometimes', digestHour: 24, timeZone: 'Nowhere/Land' })).toEqual({
      lowStockEmails: 'Low-stock emails must be one of NEVER, IMMEDIATE, DAILY_DIGEST',
      digestHour: 'Digest hour cannot exceed 23',
      timeZone: 'Time zone must be an IANA time zone name, such as Europe/Paris',
    });
    expect(validateNotificationSettings({ digestHour: '8', timeZone: 'x'.repeat(65) })).toEqual({
      digestHour: 'Digest hour must be a number',
      timeZone: 'Time zone cannot exceed 64 characters',
    });
  });
});
