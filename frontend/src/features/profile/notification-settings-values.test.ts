import { browserTimeZone, hourLabel, notificationFormValuesOf, toNotificationSettingsInput } from './notification-settings-values';

describe('notification settings form values', () => {
  it("start a user who never chose a zone at the browser's, and keep a saved one", () => {
    expect(notificationFormValuesOf({ lowStockEmails: 'NEVER', digestHour: 8, timeZone: null }, 'Europe/Paris')).toEqual({
      lowStockEmails: 'NEVER',
      digestHour: '8',
      timeZone: 'Europe/Paris',
    });
    expect(notificationFormValuesOf({ lowStockEmails: 'DAILY_DIGEST', digestHour: 18, timeZone: 'Asia/Tokyo' }, 'Europe/Paris').timeZone).toBe('Asia/Tokyo');
  });

  it('send every field, the hour as a number', () => {
    expect(toNotificationSettingsInput({ lowStockEmails: 'DAILY_DIGEST', digestHour: '7', timeZone: 'UTC' })).toEqual({ lowStockEmails: 'DAILY_DIGEST', digestHour: 7, timeZone: 'UTC' });
  });

  it("fall back to UTC when the list does not offer the browser's zone", () => {
    expect(browserTimeZone([])).toBe('UTC');
    expect(hourLabel(7)).toBe('07:00');
  });
});
