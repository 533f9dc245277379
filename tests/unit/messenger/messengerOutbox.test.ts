import { i18n } from '@lingui/core';
import { describe, expect, it } from 'vitest';
import { messengerUi } from '../../../src/features/messenger/ui';
import { sendMessage, setAdmin } from '../../../src/features/messenger/messengerWrites';
import { aGroupWith, messengerUser } from './messengerTestKit';

describe('the messenger’s changes in the outbox', () => {
  it('names each change with its conversation and the first words of its text', async () => {
    const { user, db } = await messengerUser('staff');
    const { conversation, other } = await aGroupWith(db, user.id);
    const { seq } = await sendMessage(db, user, conversation.id, 'Mañana la reunión de apoderados empieza a las 19:00 en el gimnasio del colegio');
    const admin = await setAdmin(db, conversation.id, other, true);
    const entries = await db.outbox.bulkGet([seq, admin]);
    const presenter = messengerUi.outbox!;
    const titles = await presenter.titles!(
      db,
      entries.map((entry) => entry!),
    );
    const labels = entries.map((entry) => presenter.label(i18n, entry!, titles.get(entry!.entityId) ?? ''));
    expect(labels).toEqual(['Message to Apoderados 4°A: Mañana la reunión de apoderados empieza…', 'Made Marta Díaz an admin of Apoderados 4°A']);
    expect(presenter.itemHref!(entries[0]!)).toBe(`/messenger/${conversation.id}`);
    // Every messenger mutation has a label of its own.
    expect([...presenter.mutations].sort()).toEqual(
      [
        'addMembers',
        'createGroup',
        'delete',
        'delivered',
        'edit',
        'leave',
        'mute',
        'read',
        'removeMember',
        'report',
        'send',
        'setAdmin',
        'setRules',
        'startDirect',
        'updateGroup',
      ].map((name) => `messenger.${name}`),
    );
  });
});
