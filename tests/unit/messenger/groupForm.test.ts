import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../contract/ids';
import { messages } from '../../../contract/messages';
import { createGroupArgs } from '../../../contract/messenger';
import { emptyGroupValues, validateGroup } from '../../../src/features/messenger/groupForm';

describe('the group form', () => {
  it('checks with the contract, its messages on their fields', () => {
    const checked = validateGroup({ ...emptyGroupValues(), name: '   ' });
    expect(checked).toEqual({ ok: false, errors: { name: messages.groupNameRequired } });
  });

  it('sends the picked people, the admins among them only, and whole sections with their scope', () => {
    const ana = { id: uuidv7(), name: 'Ana Pérez', role: 'guardian' as const, sections: ['4°A'] };
    const luis = { id: uuidv7(), name: 'Luis Soto', role: 'staff' as const, sections: [] };
    const section = uuidv7();
    const checked = validateGroup({
      ...emptyGroupValues(),
      name: ' Apoderados 4°A ',
      members_can_reply: false,
      people: [ana, luis],
      // Luis was made admin, then Ana removed and picked again: stale admin ids are dropped.
      admin_ids: [luis.id, uuidv7()],
      section_ids: [section],
      section_scope: 'guardians',
    });
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.data).toMatchObject({
      name: 'Apoderados 4°A',
      members_can_reply: false,
      member_ids: [ana.id, luis.id],
      admin_ids: [luis.id],
      section_ids: [section],
      section_scope: 'guardians',
    });
    expect(createGroupArgs.safeParse(checked.data).success).toBe(true);
  });
});
