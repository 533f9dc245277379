import { useLiveQuery } from 'dexie-react-hooks';
import { rulesOrDefaults, type MessengerRulesFields } from '../../../contract/messengerRules';
import { useMessengerDb } from './useMessengerDb';

/** Live: the school's messenger rule as synced to this device (the defaults before it arrives); undefined while reading. */
export function useMessengerRules(): MessengerRulesFields | undefined {
  const db = useMessengerDb();
  return useLiveQuery(async () => rulesOrDefaults(await db.messengerRules.toCollection().first()), [db]);
}
