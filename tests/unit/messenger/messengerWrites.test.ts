import { describe, expect, it } from 'vitest';
import { uuidv7 } from '../../../contract/ids';
import {
  conversationMemberId,
  deleteMessageArgs,
  directConversationId,
  editMessageArgs,
  markArgs,
  sendMessageArgs,
  startDirectArgs,
} from '../../../contract/messenger';
import { isBackground } from '../../../src/db/database';
import { listConversations } from '../../../src/features/messenger/conversationList';
import { readChatMessages } from '../../../src/features/messenger/chatQueries';
import { deleteMessage, editMessage, markPosition, sendMessage, startDirect } from '../../../src/features/messenger/messengerWrites';
import { discard } from '../../../src/sync/outboxActions';
import { aGroupWith, aMessage, messengerUser, storeChat } from './messengerTestKit';

describe('the messenger’s local writes', () => {
  it('puts a sent message on screen and its outbox entry in one transaction, with args the server accepts', async () => {
    const { user, db } = await messengerUser('guardian');
    const { conversation } = await aGroupWith(db, user.id);
    const { id, seq } = await sendMessage(db, user, conversation.id, 'Hola, ¿mañana hay clases?');
    const entry = await db.outbox.get(seq);
    expect(entry).toMatchObject({ name: 'messenger.send', entity: 'messages', entityId: id, status: 'queued', before: { row: null } });
    expect(sendMessageArgs.safeParse(entry!.args).success).toBe(true);
    expect(await db.messages.get(id)).toMatchObject({ conversation_id: conversation.id, author_id: user.id, position: 0, text: 'Hola, ¿mañana hay clases?' });
    // Found by the offline search at once.
    expect((await listConversations(db, user.id, 'manana')).map((row) => row.preview?.id)).toEqual([id]);

    // A write the outbox cannot take leaves no message behind either.
    const refuse = () => {
      throw new Error('disk full');
    };
    db.outbox.hook('creating', refuse);
    await expect(sendMessage(db, user, conversation.id, 'Otro mensaje')).rejects.toThrow('disk full');
    db.outbox.hook('creating').unsubscribe(refuse);
    expect((await db.messages.toArray()).map((message) => message.text)).toEqual(['Hola, ¿mañana hay clases?']);
    expect(await db.outbox.count()).toBe(1);
  });

  it('edits and deletes a message through the outbox, the deleted one kept in its place without text or words', async () => {
    const { user, db } = await messengerUser('staff');
    const { conversation } = await aGroupWith(db, user.id);
    const mine = aMessage(conversation.id, user.id, 1, { text: 'Reunión el jueves' });
    await storeChat(db, { messages: [mine] });
    const edit = await editMessage(db, mine.id, 'Reunión el viernes', new Date('2026-11-20T12:05:00.000Z'));
    expect(editMessageArgs.safeParse((await db.outbox.get(edit))!.args).success).toBe(true);
    expect(await db.messages.get(mine.id)).toMatchObject({ text: 'Reunión el viernes', edited_at: '2026-11-20T12:05:00.000Z', position: 1 });
    expect((await listConversations(db, user.id, 'viernes')).length).toBe(1);
    expect(await listConversations(db, user.id, 'jueves')).toEqual([]);

    const removal = await deleteMessage(db, mine.id, new Date('2026-11-20T12:06:00.000Z'));
    expect(deleteMessageArgs.safeParse((await db.outbox.get(removal))!.args).success).toBe(true);
    expect(await db.messages.get(mine.id)).toMatchObject({ text: '', deleted_at: '2026-11-20T12:06:00.000Z', position: 1 });
    expect(await listConversations(db, user.id, 'viernes')).toEqual([]);
    // Discarding the refused delete, then the edit, brings the text back as it was.
    await discard(db, removal);
    await discard(db, edit);
    expect(await db.messages.get(mine.id)).toMatchObject({ text: 'Reunión el jueves', deleted_at: null });
  });

  it('sends the delivered and read markers as background changes, and only when they move up', async () => {
    const { user, db } = await messengerUser('student');
    const { conversation } = await aGroupWith(db, user.id);
    const first = await markPosition(db, 'read', conversation.id, user.id, 5);
    expect(first).not.toBeNull();
    const entry = (await db.outbox.get(first!))!;
    expect(entry).toMatchObject({ name: 'messenger.read', background: true, entity: 'conversationMembers' });
    expect(isBackground(db, entry)).toBe(true);
    expect(markArgs.safeParse(entry.args).success).toBe(true);
    expect((await db.conversationMembers.get(conversationMemberId(conversation.id, user.id)))?.read_position).toBe(5);
    // Down or the same: nothing is queued.
    expect(await markPosition(db, 'read', conversation.id, user.id, 5)).toBeNull();
    expect(await markPosition(db, 'read', conversation.id, user.id, 3)).toBeNull();
    expect(await markPosition(db, 'delivered', conversation.id, user.id, 7)).not.toBeNull();
    expect(await markPosition(db, 'delivered', conversation.id, user.id, 6)).toBeNull();
    const me = await db.conversationMembers.get(conversationMemberId(conversation.id, user.id));
    expect(me).toMatchObject({ read_position: 5, delivered_position: 7 });
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['messenger.read', 'messenger.delivered']);
  });

  it('starts the one conversation two members share, and only opens it when it is here already', async () => {
    const { user, db } = await messengerUser('guardian');
    const teacher = { id: uuidv7(), name: 'Marta Díaz', role: 'staff' as const };
    const started = await startDirect(db, user, teacher);
    expect(started.id).toBe(await directConversationId(teacher.id, user.id));
    const entry = (await db.outbox.get(started.seq!))!;
    expect(startDirectArgs.safeParse(entry.args).success).toBe(true);
    const [summary] = await listConversations(db, user.id);
    expect(summary).toMatchObject({ title: 'Marta Díaz', unread: 0 });
    expect(await startDirect(db, user, teacher)).toEqual({ id: started.id, seq: null });
    expect(await db.outbox.count()).toBe(1);
  });
});

describe('the chat’s order and the unread counts', () => {
  it('shows the server’s messages by position, then my unsent ones in the order written', async () => {
    const { user, db } = await messengerUser('guardian');
    const { conversation, other } = await aGroupWith(db, user.id);
    const a = await sendMessage(db, user, conversation.id, 'primero sin enviar', new Date('2026-11-20T12:10:00.000Z'));
    const b = await sendMessage(db, user, conversation.id, 'segundo sin enviar', new Date('2026-11-20T12:11:00.000Z'));
    // Placed messages arrive afterwards, out of order, one of them older than my unsent ones.
    await storeChat(db, { messages: [aMessage(conversation.id, other, 3), aMessage(conversation.id, other, 1), aMessage(conversation.id, user.id, 2)] });
    const { messages, hasOlder } = await readChatMessages(db, conversation.id, 50);
    expect(messages.map((m) => (m.position === 0 ? m.id : m.position))).toEqual([1, 2, 3, a.id, b.id]);
    expect(hasOlder).toBe(false);
  });

  it('reads only the newest messages of a long conversation, and says older ones are there', async () => {
    const { user, db } = await messengerUser('staff');
    const { conversation, other } = await aGroupWith(db, user.id);
    await storeChat(db, { messages: Array.from({ length: 300 }, (_, i) => aMessage(conversation.id, other, i + 1)) });
    const { messages, hasOlder } = await readChatMessages(db, conversation.id, 40);
    expect(messages.map((m) => m.position)).toEqual(Array.from({ length: 40 }, (_, i) => 261 + i));
    expect(hasOlder).toBe(true);
  });

  it('counts the messages after my read marker that are not mine and not deleted', async () => {
    const { user, db } = await messengerUser('guardian');
    const { conversation, other } = await aGroupWith(db, user.id);
    await storeChat(db, {
      messages: [
        aMessage(conversation.id, other, 1),
        aMessage(conversation.id, other, 2),
        aMessage(conversation.id, user.id, 3),
        aMessage(conversation.id, other, 4, { text: '', deleted_at: '2026-11-20T13:00:00.000Z' }),
        aMessage(conversation.id, other, 5, { text: 'Último' }),
      ],
    });
    const [before] = await listConversations(db, user.id);
    expect(before).toMatchObject({ unread: 4 - 1, preview: { position: 5, text: 'Último' }, previewAuthor: 'Marta Díaz' });
    await markPosition(db, 'read', conversation.id, user.id, 2);
    const [after] = await listConversations(db, user.id);
    expect(after?.unread).toBe(1);
  });

  it('lists conversations by newest activity, my unsent messages counting', async () => {
    const { user, db } = await messengerUser('staff');
    const { conversation: older } = await aGroupWith(db, user.id, uuidv7(), undefined);
    const { conversation: newer, other } = await aGroupWith(db, user.id);
    await storeChat(db, { messages: [aMessage(newer.id, other, 1)] });
    expect((await listConversations(db, user.id)).map((row) => row.conversation.id)).toEqual([newer.id, older.id]);
    await sendMessage(db, user, older.id, 'Escribo ahora', new Date('2026-11-21T08:00:00.000Z'));
    expect((await listConversations(db, user.id)).map((row) => row.conversation.id)).toEqual([older.id, newer.id]);
  });
});
