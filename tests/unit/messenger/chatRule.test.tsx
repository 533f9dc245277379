import { screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { defaultMessengerRules, type MessengerRulesRow } from '../../../contract/messengerRules';
import { ChatScreen } from '../../../src/features/messenger/ChatScreen';
import { renderRoutes } from '../posts/postsTestKit';
import { aConversation, aMember, messengerUser, storeChat } from './messengerTestKit';

const ruleRow = (fields: Partial<MessengerRulesRow>): MessengerRulesRow => ({
  id: 'college-1',
  ...defaultMessengerRules,
  updated_at: '2026-11-27T12:00:00.000Z',
  ...fields,
});

describe("a chat and the school's rule on the device", () => {
  it('shows the rule instead of the composer to a student in a group they do not run, while students may not reply', async () => {
    const { user, db } = await messengerUser('student');
    const group = aConversation({ name: 'Taller de teatro', created_by: 'teacher' });
    await storeChat(db, {
      conversations: [group],
      members: [aMember(group.id, user.id, { user_role: 'student' }), aMember(group.id, 'teacher', { role: 'admin' })],
    });
    await db.messengerRules.put(ruleRow({ students_reply_in_groups: false }));
    renderRoutes(user.id, `/messenger/${group.id}`, <Route path="/messenger/:conversation" element={<ChatScreen />} />);
    expect(await screen.findByText("The school's messenger rule does not let students write in groups they do not run.")).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    // The school turns it on again: the composer comes back.
    await db.messengerRules.put(ruleRow({ students_reply_in_groups: true }));
    expect(await screen.findByRole('textbox', { name: 'Message' })).toBeTruthy();
  });

  it('shows the rule instead of the composer in a conversation of two the rule no longer allows', async () => {
    const { user, db } = await messengerUser('student');
    const direct = aConversation({ kind: 'direct', name: '', created_by: user.id });
    await storeChat(db, {
      conversations: [direct],
      members: [aMember(direct.id, user.id, { user_role: 'student' }), aMember(direct.id, 'classmate', { user_role: 'student' })],
    });
    await db.messengerRules.put(ruleRow({ student_to_student: false }));
    renderRoutes(user.id, `/messenger/${direct.id}`, <Route path="/messenger/:conversation" element={<ChatScreen />} />);
    expect(await screen.findByText("The school's messenger rule no longer allows this conversation.")).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
  });
});
