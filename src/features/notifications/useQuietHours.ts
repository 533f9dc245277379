import { notificationPreferences, type NotificationPreferences } from '../../../contract/notifications';
import { useOnlineSettings, type OnlineSettingsState, type SettingsDoor } from '../../forms/useOnlineSettings';
import { fetchPreferences, savePreferences } from './notificationsApi';

export type QuietHoursState = OnlineSettingsState<NotificationPreferences, NotificationPreferences>;

const door: SettingsDoor<NotificationPreferences, NotificationPreferences> = { fetch: fetchPreferences, save: savePreferences };

/**
 * The member's quiet hours, straight from the server: they decide what the server pushes
 * and when, so they are read and changed online only (and the card says so offline).
 */
export function useQuietHours(): QuietHoursState {
  return useOnlineSettings(door, notificationPreferences);
}
