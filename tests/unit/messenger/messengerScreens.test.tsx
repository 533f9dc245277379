import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { conversationMemberId } from '../../../contract/messenger';
import { defaultMessengerRules } from '../../../contract/messengerRules';
import { ChatScreen } from '../../../src/features/messenger/ChatScreen';
import { ConversationsScreen } from '../../../src/features/messenger/ConversationsScreen';
import { renderRoutes } from '../posts/postsTestKit';
import { aConversation, aGroupWith, aMember, aMessage, messengerUser, storeChat } from './messengerTestKit';

function renderMessenger(userId: string, path: string) {
  return renderRoutes(
    userId,
    path,
    <>
      <Route path="/messenger" element={<ConversationsScreen />} />
      <Route path="/messenger/:conversation" element={<ChatScreen />} />
    </>,
  );
}

describe('the messenger’s screens', () => {
  it('lists my conversations with their unread counts and last message', async () => {
    const { user, db } = await messengerUser('guardian');
    const { conversation, other } = await aGroupWith(db, user.id);
    await storeChat(db, { messages: [aMessage(conversation.id, other, 1), aMessage(conversation.id, other, 2, { text: 'Nos vemos el lunes' })] });
    renderMessenger(user.id, '/messenger');
    const item = await screen.findByRole('link', { name: /Apoderados 4°A/ });
    expect(item.textContent).toContain('Nos vemos el lunes');
    expect(item.textContent).toContain('2 unread messages');
    expect(screen.queryByRole('link', { name: 'Create group' })).toBeNull();
    expect(screen.getByRole('button', { name: 'New conversation' })).toBeTruthy();
  });

  it('sends what is written in the composer through the outbox, its error gone as soon as there is text, and starts empty again', async () => {
    const { user, db } = await messengerUser('guardian');
    const { conversation } = await aGroupWith(db, user.id);
    renderMessenger(user.id, `/messenger/${conversation.id}`);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const required = await screen.findByText('Write a message.');
    expect(await db.outbox.count()).toBe(0);
    fireEvent.change(box, { target: { value: 'Llego tarde hoy' } });
    expect(required.isConnected).toBe(false);
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(async () => expect((await db.messages.toArray()).map((m) => m.text)).toEqual(['Llego tarde hoy']));
    await waitFor(() => expect((box as HTMLTextAreaElement).value).toBe(''));
    expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['messenger.send']);
  });

  it('replaces the composer with the reason in a group where only its admins write', async () => {
    const { user, db } = await messengerUser('guardian');
    const announcements = aConversation({ name: 'Avisos', members_can_reply: false });
    await storeChat(db, {
      conversations: [announcements],
      members: [aMember(announcements.id, user.id), aMember(announcements.id, 'director', { role: 'admin' })],
    });
    renderMessenger(user.id, `/messenger/${announcements.id}`);
    expect(await screen.findByText('Only the group admins can write in this group.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    // A group admin gets the composer.
    await db.conversationMembers.update(conversationMemberId(announcements.id, user.id), { role: 'admin' });
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
  });
});

describe("the school's staff hours in a chat", () => {
  // Saturday 28 November 2026, 22:00 in Santiago (UTC-3): the staff hours, Monday to Friday 08:00–17:00, are closed.
  const saturdayNight = new Date('2026-11-29T01:00:00Z');
  const hours = { staff_hours_on: true, staff_hours_days: [1, 2, 3, 4, 5], staff_hours_start: '08:00', staff_hours_end: '17:00' };
  beforeEach(() => vi.useFakeTimers({ toFake: ['Date'], now: saturdayNight }));
  afterEach(() => vi.useRealTimers());

  async function chatWithTeacher(role: 'guardian' | 'staff') {
    const { user, db } = await messengerUser(role);
    const conversation = aConversation({ kind: 'direct', name: '' });
    await storeChat(db, {
      conversations: [conversation],
      members: [aMember(conversation.id, user.id, { user_role: role }), aMember(conversation.id, 'teacher', { name: 'Marta Díaz', user_role: 'staff' })],
      messages: [aMessage(conversation.id, user.id, 1, { text: '¿Hay reunión el lunes?', held_until: '2026-11-30T11:00:00.000Z' })],
    });
    await db.messengerRules.put({ ...defaultMessengerRules, ...hours, id: user.college_id, updated_at: '2026-11-01T00:00:00.000Z' });
    renderMessenger(user.id, `/messenger/${conversation.id}`);
    return { user, db };
  }

  it('tells a guardian before sending when staff read messages and when a message sent now is delivered, and shows a held one as such', async () => {
    await chatWithTeacher('guardian');
    const note = await screen.findByRole('note');
    expect(note.textContent).toContain('Staff read messages on Monday, Tuesday, Wednesday, Thursday, and Friday, 8:00 AM–5:00 PM.');
    expect(note.textContent).toContain('What you send now will be delivered Monday, November 30');
    expect(note.textContent).toContain('For an emergency, call the school.');
    expect(screen.getByText(/Outside staff hours: will be delivered/).textContent).toContain('Monday, November 30');
    expect(screen.queryByRole('img', { name: 'Read' })).toBeNull();
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
  });

  it('says nothing of the hours to staff, nor to a guardian inside them', async () => {
    await chatWithTeacher('staff');
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
    cleanup();
    vi.setSystemTime(new Date('2026-11-30T13:00:00Z'));
    await chatWithTeacher('guardian');
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(screen.queryByRole('note')).toBeNull();
  });
});
