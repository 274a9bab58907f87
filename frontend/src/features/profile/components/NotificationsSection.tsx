import { Button, FormGroup, HTMLSelect, Intent, Radio, RadioGroup, Spinner } from '@blueprintjs/core';
import { LOW_STOCK_EMAIL_MODES, NotificationMessages, NotificationSettingsFields, supportedTimeZones } from '@stockroom/schema';
import { useMemo } from 'react';
import { Field, Form } from 'react-final-form';
import { submitFocusingFirstError } from '../../../components/form/focus-first-error';
import { visibleFieldError } from '../../../components/form/field-error';
import { hourLabel, notificationFormValuesOf, type NotificationFormValues } from '../notification-settings-values';
import type { useNotificationSettings } from '../useNotificationSettings';
import { ProfileSection } from './ProfileSection';
import { WorkspaceCardLoadError } from './WorkspaceCardLoadError';

const HOURS = Array.from({ length: NotificationSettingsFields.digestHour.max + 1 }, (_, hour) => hour);

/**
 * Every zone this browser knows, and the saved one if it is not among them:
 * another browser may have saved a name this one lists under another spelling
 * (Asia/Kolkata and Asia/Calcutta), and the select must still show it.
 */
function zoneOptions(saved: string | undefined) {
  const zones = supportedTimeZones();
  return [...(saved && !zones.includes(saved) ? [saved] : []), ...zones].map((zone) => ({ value: zone, label: zone.replace(/_/g, ' ') }));
}

/** One select of the digest (its hour or its zone), with the server's message under it when a save refused it. */
function DigestSelect({ name, label, options }: { name: 'digestHour' | 'timeZone'; label: string; options: Array<{ value: string; label: string }> }) {
  const id = `field-${name}`;
  return (
    <Field<string> name={name}>
      {({ input, meta }) => {
        const error = visibleFieldError(meta);
        return (
          <FormGroup label={label} labelFor={id} intent={error ? Intent.DANGER : Intent.NONE} helperText={error}>
            <HTMLSelect id={id} name={name} value={input.value} onChange={(event) => input.onChange(event.currentTarget.value)} large fill aria-invalid={error ? true : undefined}>
              {options.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </HTMLSelect>
          </FormGroup>
        );
      }}
    </Field>
  );
}

/** The profile's "Email notifications" card (not just "Notifications", the name of the toasts' landmark): whether and when low-stock emails come, and for a digest, its hour and time zone. */
export function NotificationsSection({ state }: { state: ReturnType<typeof useNotificationSettings> }) {
  const { settings, loading, loadError, save } = state;
  const initialValues = useMemo(() => (settings ? notificationFormValuesOf(settings) : undefined), [settings]);
  const zones = useMemo(() => zoneOptions(initialValues?.timeZone), [initialValues?.timeZone]);
  const hours = useMemo(() => HOURS.map((hour) => ({ value: String(hour), label: hourLabel(hour) })), []);
  return (
    <ProfileSection id="profile-notifications" title="Email notifications">
      <p className="notifications__intro">
        Stockroom can email you when a product runs low (at or under its reorder level) or out of stock: once each time it crosses, not on every
        sale after. Emails go to your account's address once it is confirmed.
      </p>
      {loading && !settings ? (
        <Spinner size={24} aria-label="Loading notification settings" />
      ) : loadError || !initialValues ? (
        <WorkspaceCardLoadError error={loadError} failed="Could not load your notification settings. Reload the page to try again." />
      ) : (
        <Form<NotificationFormValues> onSubmit={save} initialValues={initialValues}>
          {({ handleSubmit, submitting, form, values }) => (
            <form onSubmit={(event) => submitFocusingFirstError(event, handleSubmit, form)} noValidate aria-label="Notification settings" className="notifications-form">
              <Field<string> name="lowStockEmails">
                {({ input }) => (
                  <RadioGroup label="Email me about low stock" name="lowStockEmails" selectedValue={input.value} onChange={(event) => input.onChange(event.currentTarget.value)}>
                    {LOW_STOCK_EMAIL_MODES.map((mode) => (
                      <Radio key={mode} value={mode} label={NotificationMessages.modes[mode]} />
                    ))}
                  </RadioGroup>
                )}
              </Field>
              {values.lowStockEmails === 'DAILY_DIGEST' && (
                <div className="notifications-form__digest">
                  <DigestSelect name="digestHour" label="Send the digest at" options={hours} />
                  <DigestSelect name="timeZone" label="Time zone" options={zones} />
                </div>
              )}
              <div className="profile-form__actions">
                <Button type="submit" intent="primary" size="large" loading={submitting}>
                  Save Email Notifications
                </Button>
              </div>
            </form>
          )}
        </Form>
      )}
    </ProfileSection>
  );
}
