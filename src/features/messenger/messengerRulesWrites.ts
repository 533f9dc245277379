import type { MessengerRulesFields, MessengerRulesRow } from '../../../contract/messengerRules';
import { mutate } from '../../sync/mutate';
import type { MessengerDb } from './messengerDb';

/**
 * `messenger.setRules` through the outbox: the device shows the new rule at once; a refusal
 * waits in "needs attention". The row's id is the college's (one rule per college).
 */
export function setMessengerRules(db: MessengerDb, collegeId: string, rules: MessengerRulesFields, now = new Date()): Promise<number> {
  const row: MessengerRulesRow = { id: collegeId, ...rules, updated_at: now.toISOString() };
  return mutate(db, { name: 'messenger.setRules', args: rules, entity: 'messengerRules', entityId: collegeId }, async () => {
    await db.messengerRules.put(row);
  });
}
