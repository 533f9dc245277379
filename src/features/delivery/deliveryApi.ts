import { deliveryPreferences, type DeliveryPreferences, type DeliveryPreferencesInput } from '../../../contract/delivery';
import { requestJson } from '../../api/client';
import type { SettingsDoor } from '../../forms/useOnlineSettings';

/**
 * How a member is reached (docs/features/delivery.md), on the server only: it decides what is
 * emailed, so it is read and changed online (the cards say so offline).
 */
export type PreferencesDoor = SettingsDoor<DeliveryPreferences, DeliveryPreferencesInput>;

function doorAt(path: string): PreferencesDoor {
  return {
    fetch: (signal) => requestJson('get', path, (data) => deliveryPreferences.parse(data), undefined, signal),
    save: (input) => requestJson('put', path, (data) => deliveryPreferences.parse(data), { json: input }),
  };
}

/** The signed-in member's own: `/api/v1/profile/delivery-preferences`. */
export const myPreferences: PreferencesDoor = doorAt('api/v1/profile/delivery-preferences');

/** One member's, for an administrator (a member who never signed in, say). */
export function memberPreferences(memberId: string): PreferencesDoor {
  return doorAt(`api/v1/admin/members/${encodeURIComponent(memberId)}/delivery-preferences`);
}
