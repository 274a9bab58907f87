import { NotificationMessages } from '@stockroom/schema';
import { NotificationSettingsDocument, useNotificationSettingsQuery, useNotificationSettingsUpdateMutation } from '@stockroom/schema/generated/hooks';
import { serverMessageOr } from '../../lib/errors';
import { toast } from '../../lib/toaster';
import { toNotificationSettingsInput, type NotificationFormValues } from './notification-settings-values';
import { accountFieldErrors } from './profile-errors';

const FORM_FIELDS = new Set(['lowStockEmails', 'digestHour', 'timeZone'] as const);

/**
 * The profile's low-stock email settings: loaded once, saved whole. The
 * settings have no id for the cache to match, so a save writes its answer
 * over the cached query itself.
 */
export function useNotificationSettings() {
  const query = useNotificationSettingsQuery();
  const [update] = useNotificationSettingsUpdateMutation();

  const save = async (values: NotificationFormValues) => {
    try {
      const { data } = await update({
        variables: { input: toNotificationSettingsInput(values) },
        update(cache, { data: answer }) {
          if (answer) cache.writeQuery({ query: NotificationSettingsDocument, data: { notificationSettings: answer.updateNotificationSettings } });
        },
      });
      if (!data) throw new Error('Empty response');
      toast.success(NotificationMessages.saved);
      return undefined;
    } catch (error) {
      const fields = accountFieldErrors(error, FORM_FIELDS);
      if (!fields) toast.error(serverMessageOr(error, NotificationMessages.saveFailed));
      return fields;
    }
  };

  return { settings: query.data?.notificationSettings, loading: query.loading, loadError: query.error, save };
}
