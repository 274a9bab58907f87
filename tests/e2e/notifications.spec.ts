import { NotificationMessages } from '@stockroom/schema';
import { DESKTOP, MOBILE, useBrowser } from './support/browser';
import { axeLines } from './support/axe';
import { createUserWithSession, useSessionInBrowser, type ApiSession } from './support/api';
import { e2eEnv } from './support/env';
import { saveScreenshot, sidewaysOverflow } from './support/screen-checks';
import { toastLocator } from './pages/AppShell';
import { NotificationsSection } from './pages/NotificationsSection';

/**
 * Low-stock emails in the profile (issue 15): the Notifications card starts
 * at Never; choosing the daily digest shows its hour and time zone, and a
 * save stores all three. At 1280 and 375 px, axe clean, with screenshots.
 */
describe('profile: notifications', () => {
  const b = useBrowser({ sessionPerTest: false });

  const storedSettings = async (session: ApiSession) => {
    const res = await fetch(`${e2eEnv().baseUrl}/api/users/profile/notifications`, { headers: { authorization: `Bearer ${session.accessToken}` } });
    return ((await res.json()) as { notificationSettings: unknown }).notificationSettings;
  };

  it('chooses a daily digest at a local hour and zone, saves it, and fits 1280 and 375 px', async () => {
    const s = await b.open(b.browser(), { viewport: DESKTOP });
    const { session } = await createUserWithSession('notifications');
    await useSessionInBrowser(s.context, session);

    const card = new NotificationsSection(s.page);
    await card.goto();
    expect(await card.never.isChecked()).toBe(true);
    expect(await card.hour.count()).toBe(0);

    await card.choose(/^Once a day/);
    await card.hour.waitFor();
    await card.hour.selectOption({ label: '18:00' });
    await card.timeZone.selectOption({ value: 'Europe/Paris' });
    expect(await sidewaysOverflow(s.page)).toEqual([]);
    expect(await axeLines(s.page)).toEqual([]);
    await saveScreenshot(s.page, '1280', 'notifications-digest');

    await card.saveButton.click();
    await toastLocator(s.page, NotificationMessages.saved).waitFor();
    expect(await storedSettings(session)).toEqual({ lowStockEmails: 'DAILY_DIGEST', digestHour: 18, timeZone: 'Europe/Paris' });

    await s.page.setViewportSize(MOBILE);
    await s.page.reload();
    await card.hour.waitFor();
    expect(await card.digest.isChecked()).toBe(true);
    expect(await card.hour.inputValue()).toBe('18');
    expect(await card.timeZone.inputValue()).toBe('Europe/Paris');
    expect(await sidewaysOverflow(s.page)).toEqual([]);
    const select = await card.timeZone.boundingBox();
    expect(select!.x + select!.width).toBeLessThanOrEqual(MOBILE.width);
    expect(await axeLines(s.page)).toEqual([]);
    await saveScreenshot(s.page, '375', 'notifications-digest');
    s.assertClean();
  });
});
