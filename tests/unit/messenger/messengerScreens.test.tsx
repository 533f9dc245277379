import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { conversationMemberId } from '../../../contract/messenger';
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

  it('sends what is written in the composer through the outbox', async () => {
    const { user, db } = await messengerUser('guardian');
    const { conversation } = await aGroupWith(db, user.id);
    renderMessenger(user.id, `/messenger/${conversation.id}`);
    const box = await screen.findByRole('textbox', { name: 'Message' });
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Write a message.')).toBeTruthy();
    fireEvent.change(box, { target: { value: 'Llego tarde hoy' } });
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(async () => expect((await db.messages.toArray()).map((m) => m.text)).toEqual(['Llego tarde hoy']));
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
