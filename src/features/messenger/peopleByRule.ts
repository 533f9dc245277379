import type { PersonRow } from '../../../contract/messenger';
import { ruleAllowsStart, type MessengerRulesFields } from '../../../contract/messengerRules';
import type { Role } from '../../../contract/permissions';

/**
 * The people the school's rule lets a member of `myRole` start a conversation with
 * (contract/messengerRules.ts), read from the rule synced to the device: the picker never
 * offers someone the server would refuse, even when the server's answer was given before
 * the rule changed. The ties between families (a shared section, one's own child) are the
 * server's to narrow.
 */
export function peopleTheRuleAllows(people: readonly PersonRow[], myRole: Role, rules: MessengerRulesFields): PersonRow[] {
  return people.filter((person) => ruleAllowsStart(rules, myRole, person.role));
}
